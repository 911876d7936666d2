import { screen, within } from '@testing-library/react';
import { mockClock } from '../../../mocks/clock';
import { fixtureId } from '../../../mocks/fixtures';
import { seedActivity, seedImportedActivity } from '../competition-seed';
import { renderApp } from '../render-app';

/** docs/product-rules.md: a Strava workout is shown only to its athlete, in admin workouts not even as its points. */
describe("an admin never sees an employee's Strava workout", () => {
  it("lists the employee's own activities without the Strava import: no title, no row, no points", async () => {
    mockClock.set('2026-11-22T10:00:00Z');
    await seedImportedActivity('bea@wellness.test', { day: '2026-11-20', time: '07:00', name: 'Secret tempo along the canal', movingTime: 37, source: 'strava', externalId: '1', alsoRecordedBy: [] });
    await seedActivity('bea@wellness.test', '2026-11-19', 20, 'Yoga');
    await renderApp(`/admin/users/${fixtureId('bea@wellness.test')}/workouts`, { signedInAs: 'admin', clock: mockClock });
    const table = await screen.findByRole('table', { name: 'Activities' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([['1', 'Yoga', '20 minutes', '2026-11-19']]);
    expect(table).not.toHaveTextContent(/Secret tempo|Strava|37/);
  });
});
