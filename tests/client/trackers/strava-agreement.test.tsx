import { screen, within } from '@testing-library/react';
import { fixtureId } from '../../../mocks/fixtures';
import { nextId } from '../../../mocks/db';
import { mockDb } from '../../../mocks/node';
import { renderApp } from '../render-app';

describe('an admin never sees an employee\'s Strava workout details', () => {
  it('shows a Strava import as "Imported from Strava" with its points, without title, minutes or date', async () => {
    const at = '2026-11-20T07:00:00.000Z';
    const userId = fixtureId('bea@wellness.test');
    mockDb.activities.push({ id: nextId('activities'), userId, name: 'Secret tempo along the canal', movingTime: 37, startAt: at, startDate: '2026-11-20', source: 'strava', externalId: '1', alsoRecordedBy: [], createdAt: at, updatedAt: at });
    await renderApp(`/admin/users/${userId}/workouts`, { signedInAs: 'admin' });
    const table = await screen.findByRole('table', { name: 'Activities' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', 'Imported from Strava', '—', '—', '37']);
    expect(table).not.toHaveTextContent('Secret tempo');
  });
});
