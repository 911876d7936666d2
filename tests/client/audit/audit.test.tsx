import { screen, waitFor, within } from '@testing-library/react';
import { mockClock } from '../../../mocks/clock';
import { fixtureAdmin, fixtureId } from '../../../mocks/fixtures';
import { audit, subjectOf, type AuditEntry } from '../../../server/modules/audit/repo';
import { renameUser } from '../competition-seed';
import { renderApp } from '../render-app';
import { clientHost } from '../support/host';

/** Product rules: Audit trail. The admin audit screen lists entries newest first, in words, filters by action and employee, in the URL. */

const userOf = async (email: string) => (await subjectOf(await clientHost.db(), fixtureId(email)))!;
/** An entry as the server's modules write it (modules/audit/repo.ts), now by the mock clock. */
const record = async (entry: Omit<AuditEntry, 'at'>) => audit(await clientHost.db(), { at: mockClock.now(), ...entry });
const admin = () => ({ id: fixtureId(fixtureAdmin.email), role: 'admin' });
const adminName = `${fixtureAdmin.firstName} ${fixtureAdmin.lastName}`;
const entryRows = () => within(screen.getByRole('table', { name: 'Audit entries' })).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('audit trail at /admin/audit', () => {
  beforeEach(async () => {
    await record({ actor: admin(), action: 'user.update', subject: await userOf('bea@wellness.test'), before: { firstName: 'Bea' }, after: { firstName: 'Beatrix' } });
    await record({ actor: admin(), action: 'bonus.change', subject: await userOf('ivan@wellness.test'), before: { year: 2026, fourthQuarter: false }, after: { year: 2026, fourthQuarter: true } });
  });

  it('shows entries newest first with what changed, and filters by action and by employee', async () => {
    const { user, router } = await renderApp('/admin/audit', { signedInAs: 'admin' });
    await screen.findByRole('table', { name: 'Audit entries' });
    const rows = entryRows();
    expect(rows.map((row) => cellsOf(row)[1])).toEqual(['Quarterly bonus changed', 'Employee updated']);
    expect(rows[1]).toHaveTextContent('First name: Bea → Beatrix');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Bea Beginner' }));
    await waitFor(() => expect(entryRows()).toHaveLength(1));
    expect(router.state.location.search).toMatchObject({ subjectId: fixtureId('bea@wellness.test') });
    await user.click(screen.getByRole('button', { name: /show everyone/ }));
    await waitFor(() => expect(entryRows()).toHaveLength(2));
  });

  it('opens on the action in the URL', async () => {
    await renderApp('/admin/audit?action=%22bonus.change%22', { signedInAs: 'admin' });
    await screen.findByRole('table', { name: 'Audit entries' });
    await waitFor(() => expect(entryRows()).toHaveLength(1));
    expect(entryRows()[0]).toHaveTextContent('Quarterly bonus changed');
  });

  it('reads as words: field labels and yes/no, the people by name, "System" only for the automatic parts and which one', async () => {
    const bea = await userOf('bea@wellness.test');
    await record({ actor: { system: 'sign-in-protection' }, action: 'auth.lockout', subject: bea, after: { scope: 'account' } });
    await record({ actor: { id: bea.id, role: 'user' }, action: 'auth.password_reset', subject: bea });
    await record({ actor: { system: 'strava-deauthorization' }, action: 'tracker.disconnect', subject: bea, before: { service: 'STRAVA' } });
    await record({ actor: { id: bea.id, role: 'user' }, action: 'auth.sso_signin', subject: bea, after: { issuer: 'https://sso.acme.com', emailConfirmed: true, passwordRemoved: true, sessionsEnded: 2 } });
    // An admin whose account is gone since, and an employee deleted since (their name kept as it was).
    await record({ actor: { id: 9999, role: 'admin' }, action: 'user.delete', subject: { ...(await userOf('ivan@wellness.test')), id: 8888 }, before: { firstName: 'Ivan', levelOfCompetition: 'Intermediate' } });
    await renameUser('bea@wellness.test', 'Beatrix', 'Beginner');

    await renderApp('/admin/audit', { signedInAs: 'admin' });
    await screen.findByRole('table', { name: 'Audit entries' });
    // When, Action, Employee, By, Change; newest first.
    expect(entryRows().map((row) => cellsOf(row).slice(1))).toEqual([
      ['Employee deleted', 'Ivan Intermediate (deleted account)', 'deleted account', 'First name: Ivan; Level of competition: Intermediate'],
      ['Signed in with SSO', 'Beatrix Beginner', 'Beatrix Beginner (themself)', 'Identity provider: https://sso.acme.com; E-mail confirmed: yes; Password removed: yes; Sign-ins ended: 2'],
      ['Tracker disconnected', 'Beatrix Beginner', 'System (Strava reported the access withdrawn)', 'Fitness service: Strava'],
      ['Password reset', 'Beatrix Beginner', 'Beatrix Beginner (themself)', ''],
      ['Sign-in locked', 'Beatrix Beginner', 'System (sign-in protection after repeated wrong passwords)', 'Locked for: the account, from every address'],
      ['Quarterly bonus changed', 'Ivan Intermediate', adminName, 'Competition year: 2026/27; Fourth quarter bonus: no → yes'],
      ['Employee updated', 'Beatrix Beginner', adminName, 'First name: Bea → Beatrix'],
    ]);
    expect(screen.queryByText(/fourthQuarter|admin #|firstName|passwordRemoved/)).not.toBeInTheDocument();
  });
});
