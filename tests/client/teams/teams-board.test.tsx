import { screen, waitFor, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { renderApp } from '../render-app';
import { seedEmployees } from '../competition-seed';
import { logActivity } from '../../server/helpers/competition-seed';
import { rowsOf } from '../../../server/db/rows';
import { clientHost } from '../support/host';
import { mockClock } from '../../../mocks/clock';

beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

const table = () => screen.getByRole('table', { name: 'Teams' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

/** 30 teams of one member with 10 points each, and Bea alone in 'Zeta' with none: her team is 31st. */
const seedThirtyOneTeams = async () => {
  await seedEmployees(30);
  const db = await clientHost.db();
  await db.execute(sql`insert into teams (name) select 'Team ' || lpad(g::text, 2, '0') from generate_series(1, 30) g`);
  await db.execute(sql`insert into teams (name) values ('Zeta')`);
  await db.execute(sql`insert into team_memberships (user_id, team_id, starts_on)
    select u.id, t.id, date '2026-04-01' from users u join teams t on t.name = 'Team ' || lpad(substr(u.first_name, 6)::int::text, 2, '0') where u.email like 'extra%'`);
  await db.execute(sql`insert into team_memberships (user_id, team_id, starts_on)
    select u.id, t.id, date '2026-04-01' from users u, teams t where u.email = 'bea@wellness.test' and t.name = 'Zeta'`);
  const extras = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email like 'extra%'`));
  for (const { id } of extras) await logActivity(db, id, '2026-06-01', 10);
};

describe('the team leaderboard at /teams', () => {
  it('pages 25 teams at a time, names the employee\'s team and its place, and shows its page on request', async () => {
    await seedThirtyOneTeams();
    const { user } = await renderApp('/teams', { signedInAs: 'user' });
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(bodyRows()[0]).toHaveTextContent(/^1\.Team 01/);
    expect(screen.getByText('Zeta', { selector: 'strong' }).parentElement).toHaveTextContent(/^Your team: Zeta\. You are number 1 of 1 in it\. It is number 31 of 31 teams\.$/);
    const pager = screen.getByRole('navigation', { name: 'Teams pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent)).toEqual(['1', '2']);

    await user.click(screen.getByRole('button', { name: 'Show my team' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(6));
    expect(bodyRows()[0]).toHaveTextContent(/^26\.Team 26/);
    const zeta = within(table()).getByRole('row', { name: /Zeta/ });
    expect(zeta).toHaveAttribute('aria-current', 'true');
    expect(zeta).toHaveTextContent('31.ZetaYour team');
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // On its own page, the team needs no button to find it.
    expect(screen.queryByRole('button', { name: 'Show my team' })).not.toBeInTheDocument();
  });
});
