import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { clientHost, sentMail } from '../support/host';
import { eq } from 'drizzle-orm';
import { quarterlyBonuses, users } from '../../../server/db/schema';
import { accountRow } from '../support/api-as';
import { fixtureId } from '../../../mocks/fixtures';
import { competitionYearSpan, quarterlyBonusYear } from '@/domain/competition';
import { renderApp } from '../render-app';
import { seedEmployees } from '../competition-seed';

const bea = 'bea@wellness.test';
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

const openDashboard = async () => {
  const app = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
  await screen.findByRole('table', { name: 'Users' });
  return app;
};

describe('admin users table at /admin/dashboard', () => {
  it('lists the employees by last name with the columns of product rules: Users management and the bonus year in the title', async () => {
    await openDashboard();
    const table = screen.getByRole('table', { name: 'Users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'First name',
      'Last name',
      'Email',
      'Gender',
      'Level of competition',
      `${quarterlyBonusYear(new Date())} Quarterly Bonus${competitionYearSpan(quarterlyBonusYear(new Date()))}`,
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Advanced',
      'Beginner',
      'Elite',
      'Intermediate',
      'Private',
    ]);
    // The address breaks only before its '@' (two parts, one cell).
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent(new RegExp(`^${bea}$`));
    expect(within(rows[1]!).getByText('Female')).toBeInTheDocument();
    expect(
      within(rows[1]!)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Q1', 'Q2', 'Q3', 'Q4'].map((q) => `${q} bonus for Bea Beginner`));
    // The admin manages employees, not admin accounts.
    expect(table).not.toHaveTextContent('admin@wellness.test');
  });

  it("marks who has not confirmed their address yet, and keeps each address whole or broken before its '@'", async () => {
    await (await clientHost.db()).update(users).set({ emailConfirmedAt: null }).where(eq(users.email, bea));
    await openDashboard();
    const rowWith = (address: string) => screen.getAllByRole('row').find((row) => row.textContent!.includes(address))!;
    const email = within(rowWith(bea)).getAllByRole('cell')[2]!;
    expect(within(email).getByText('Not confirmed')).toBeVisible();
    expect(email).toHaveTextContent(/Not confirmed: They have not opened the link that confirms their address yet/);
    expect(within(rowWith('ivan@wellness.test')).queryByText('Not confirmed')).not.toBeInTheDocument();
    const parts = [...email.querySelectorAll('span[style*="nowrap"]')].map((part) => part.textContent);
    expect(parts).toEqual(['bea', '@wellness.test']);
    expect(email.querySelector('wbr')).not.toBeNull();
  });

  it('an empty table points to Invitations', async () => {
    await (await clientHost.db()).delete(users).where(eq(users.role, 'user'));
    const { user, pathname } = await openDashboard();
    expect(screen.getByText(/^There are no employees yet\./)).toHaveTextContent('There are no employees yet. Invite them one by one or from a roster file.');
    await user.click(screen.getByRole('link', { name: 'Invite them' }));
    await waitFor(() => expect(pathname()).toBe('/admin/invitations'));
  });

  it('shows 10 per page with the shared pagination', async () => {
    await seedEmployees(12);
    const { user, pathname, router } = await openDashboard();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    const pager = screen.getByRole('navigation', { name: 'Users pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '2']);
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(8));
    expect(pathname()).toBe('/admin/dashboard');
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('ticks a quarterly bonus: sends all four flags, then shows the refetched state', async () => {
    const bodies: unknown[] = [];
    clientHost.server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PUT' && request.url.endsWith(`/api/users/${fixtureId(bea)}/quarterly-bonus`))
        bodies.push(await request.clone().json());
    });
    const { user } = await openDashboard();
    const q2 = screen.getByRole('checkbox', { name: 'Q2 bonus for Bea Beginner' });
    expect(q2).not.toBeChecked();
    // One click is 250 points: it asks first, and Cancel sends nothing.
    await user.click(q2);
    const ask = await screen.findByRole('dialog', { name: 'Award the quarterly bonus?' });
    expect(ask).toHaveTextContent(/Award Bea Beginner the Q2 \d{4} bonus\? It adds 250 points to their annual points, and the audit trail records it\./);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Award the quarterly bonus?' })).not.toBeInTheDocument());
    expect(q2).not.toBeChecked();
    expect(bodies).toEqual([]);
    await user.click(q2);
    await user.click(within(await screen.findByRole('dialog', { name: 'Award the quarterly bonus?' })).getByRole('button', { name: 'Award 250 points' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([
      { newQuarterlyBonusData: { firstQuarter: false, secondQuarter: true, thirdQuarter: false, fourthQuarter: false } },
    ]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Q2 bonus for Bea Beginner' })).toBeChecked());
    expect(await (await clientHost.db()).select().from(quarterlyBonuses)).toEqual([
      expect.objectContaining({ userId: fixtureId(bea), secondQuarter: true, firstQuarter: false }),
    ]);
  });

  it('says which competition year the bonus title means and keeps a quarter that has not begun closed, with the reason', async () => {
    const november = { now: () => new Date('2026-11-22T10:00:00Z') };
    await renderApp('/admin/dashboard', { signedInAs: 'admin', clock: november });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('columnheader', { name: /2026 Quarterly Bonus/ })).toHaveTextContent('Competition year 2026/27 (1 April 2026 - 31 March 2027)');
    const q3 = screen.getByRole('checkbox', { name: 'Q3 bonus for Bea Beginner' });
    const q4 = screen.getByRole('checkbox', { name: 'Q4 bonus for Bea Beginner' });
    expect(q3).toBeEnabled();
    expect(q4).toBeDisabled();
    expect(q4).toHaveAccessibleDescription('Q4 not started: from 1 January 2027');
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Delete Ivan Intermediate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Ivan Intermediate (ivan@wellness.test)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete user' })).not.toBeInTheDocument());
    expect(rowOf('ivan@wellness.test')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Ivan Intermediate' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'ivan@wellness.test' })).not.toBeInTheDocument());
    expect(await accountRow('ivan@wellness.test')).toBeUndefined();
  });

  it('asks before sending the reset password mail, naming the person and the address; Cancel sends nothing', async () => {
    const { user } = await openDashboard();
    const mailsBefore = (await sentMail()).latestTo(bea);
    await user.click(screen.getByRole('button', { name: 'Reset password of Bea Beginner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reset password mail' });
    expect(dialog).toHaveTextContent(`Send a password reset e-mail to Bea Beginner at ${bea}?`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send reset password mail' })).not.toBeInTheDocument());
    expect((await sentMail()).latestTo(bea)).toEqual(mailsBefore);
    expect(screen.queryByText('Reset password mail is sending...')).not.toBeInTheDocument();
  });

  it('sends the reset password mail once confirmed, with the sending and sent toasts', async () => {
    const { user } = await openDashboard();
    const { mockScenario } = await import('../../../mocks/scenarios');
    mockScenario.setLatency(300);
    await user.click(screen.getByRole('button', { name: 'Reset password of Bea Beginner' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send reset password mail' })).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Reset password mail is sending...')).toBeInTheDocument();
    expect(await screen.findByText('Reset password mail has been sent')).toBeInTheDocument();
    // The server mails from a job, after its answer (and its toast).
    expect((await sentMail()).latestTo(bea)?.token).toBeTruthy();
  });

  it('links each employee to their workouts', async () => {
    const { user, pathname } = await openDashboard();
    await user.click(screen.getByRole('link', { name: 'View workouts of Bea Beginner' }));
    await waitFor(() => expect(pathname()).toBe(`/admin/users/${fixtureId(bea)}/workouts`));
  });
});

describe('admin users on a phone', () => {
  it('each card carries its actions in words (no hover to explain an icon), named after the employee for screen readers', async () => {
    const phone = (query: string) => ({ matches: query.includes('max-width: 48em'), media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() });
    vi.spyOn(window, 'matchMedia').mockImplementation(phone as never);
    try {
      const { user } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
      const card = within(await screen.findByRole('list', { name: 'Users' })).getByRole('listitem', { name: 'Bea Beginner' });
      for (const [text, name] of [
        ['Update', 'Update Bea Beginner'],
        ['Reset password', 'Reset password of Bea Beginner'],
        ['Delete', 'Delete Bea Beginner'],
      ]) {
        expect(within(card).getByRole('button', { name })).toHaveTextContent(text!);
      }
      expect(within(card).getByRole('link', { name: 'View workouts of Bea Beginner' })).toHaveTextContent('Workouts');
      await user.click(within(card).getByRole('button', { name: 'Reset password of Bea Beginner' }));
      expect(await screen.findByRole('dialog', { name: 'Send reset password mail' })).toHaveTextContent(bea);
    } finally {
      vi.mocked(window.matchMedia).mockRestore();
    }
  });
});
