import { screen, waitFor, within } from '@testing-library/react';
import { mockDb } from '../../../mocks/node';
import { renderApp } from '../render-app';

/** Product rules: Audit trail. The admin audit screen lists entries newest first, filters by action and employee, in the URL. */

const seedEntry = (id: number, action: string, subjectId: number, subjectName: string, before: object | null, after: object | null, at: string) =>
  (mockDb.auditEvents ??= []).push({ id, at, actorId: 1, actorRole: 'admin', action: action as never, subjectId, subjectName, subjectEmail: 'x@wellness.test', before: before && JSON.stringify(before), after: after && JSON.stringify(after) });

describe('audit trail at /admin/audit', () => {
  beforeEach(() => {
    seedEntry(1, 'user.update', 2, 'Bea Beginner', { firstName: 'Bea' }, { firstName: 'Beatrix' }, '2026-11-20T10:00:00.000Z');
    seedEntry(2, 'bonus.change', 3, 'Ivan Intermediate', { firstQuarter: false }, { firstQuarter: true }, '2026-11-21T10:00:00.000Z');
  });

  it('shows entries newest first with what changed, and filters by action and by employee', async () => {
    const { user, router } = await renderApp('/admin/audit', { signedInAs: 'admin' });
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Quarterly bonus changed', 'Employee updated']);
    expect(rows[1]).toHaveTextContent('firstName: Bea → Beatrix');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Bea Beginner' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit entries' })).getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toMatchObject({ subjectId: 2 });
    await user.click(screen.getByRole('button', { name: /show everyone/ }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit entries' })).getAllByRole('row')).toHaveLength(3));
  });

  it('opens on the action in the URL', async () => {
    await renderApp('/admin/audit?action=%22bonus.change%22', { signedInAs: 'admin' });
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(table).toHaveTextContent('Quarterly bonus changed');
  });
});
