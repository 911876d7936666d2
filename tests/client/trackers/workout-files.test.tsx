import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { mockClock } from '../../../mocks/clock';
import { fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { activities, dailyStepAchievements } from '../../../server/db/schema';
import { appleExportZip, fitFile, zip } from '../../server/trackers/workout-files/fixtures';
import { clientHost } from '../support/host';
import { renderApp } from '../render-app';

const beaId = fixtureId(fixtureEmployee('Beginner').email);
const rowsOf = async () => (await clientHost.db()).select().from(activities).where(eq(activities.userId, beaId)).orderBy(activities.startAt);
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const fileOf = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name);

/** docs/trackers.md "File imports": choose files, see what they hold, then 'Import N workouts'. */
describe('Import workout files', () => {
  it('from the dashboard: FIT files and a ZIP are previewed (nothing saved), then imported onto the calendar', async () => {
    mockClock.set('2026-11-22T10:00:00Z');
    const { user } = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await user.click(await screen.findByRole('button', { name: 'Import workout files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import workout files' });
    await waitFor(() => expect(fileInput()).toBeTruthy());
    await user.upload(fileInput(), [
      fileOf(fitFile({ start: '2026-11-20T07:00:00Z', timerSeconds: 2700, records: 120 }), 'morning.fit'),
      fileOf(zip({ 'old.fit': fitFile({ start: '2026-01-10T07:00:00Z', timerSeconds: 1800, records: 60 }), 'ride.fit': fitFile({ start: '2026-11-18T17:00:00Z', timerSeconds: 3600, sport: 'cycling', records: 60 }) }), 'garmin.zip'),
    ]);
    const items = await within(dialog).findAllByTestId('preview-workout', {}, { timeout: 10_000 });
    expect(items.map((item) => item.textContent)).toEqual([
      'Fri, 20 Nov 2026 · Running · 45 minmorning.fitNew',
      'Wed, 18 Nov 2026 · Cycling · 60 mingarmin.zip/ride.fitNew',
      'Sat, 10 Jan 2026 · Running · 30 mingarmin.zip/old.fitOutside the competition year',
    ]);
    expect(within(dialog).getByText('2 workouts to import, 1 workout skipped.')).toBeInTheDocument();
    expect(await rowsOf()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 workouts' }));
    expect(await screen.findByText('2 workouts imported')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import workout files' })).not.toBeInTheDocument());
    expect((await rowsOf()).map((row) => [row.source, row.name, row.movingTime, row.startDate])).toEqual([
      ['file', 'Cycling', 60, '2026-11-18'],
      ['file', 'Running', 45, '2026-11-20'],
    ]);
    // The month on screen is read again: the imported workouts are on the calendar.
    expect(await screen.findAllByText(/Running|Cycling/)).not.toHaveLength(0);
  });

  it('from the fitness-services screen: an Apple Health export ticks its 10,000-step days; a damaged file says why and saves nothing', async () => {
    mockClock.set('2026-11-22T10:00:00Z');
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user', clock: mockClock });
    await user.click(await screen.findByRole('button', { name: 'Import workout files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import workout files' });
    const damaged = fitFile({ start: '2026-11-20T07:00:00Z', timerSeconds: 1800, records: 300 });
    damaged.fill(7, 300, 900);
    await user.upload(fileInput(), [fileOf(damaged, 'broken.fit')]);
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('"broken.fit" could not be read: it is damaged. Export it again and try once more. Nothing was saved.');
    // Said once, in the dialog: not toasted as well.
    expect(screen.getAllByText(/"broken.fit" could not be read/)).toHaveLength(1);

    await user.upload(fileInput(), [fileOf(appleExportZip({ workouts: [{ type: 'HKWorkoutActivityTypeYoga', start: '2026-11-21T18:00:00Z', minutes: 40 }], steps: [{ day: '2026-11-21', counts: [7000, 4000] }] }), 'export.zip')]);
    expect(await within(dialog).findByText('Sat, 21 Nov 2026 · 11,000 steps', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 workout' }));
    expect(await screen.findByText('1 workout imported, 1 step day ticked')).toBeInTheDocument();
    const steps = await (await clientHost.db()).select().from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, beaId));
    expect(steps.map((row) => row.date)).toEqual(['2026-11-21']);
    expect((await rowsOf()).map((row) => [row.source, row.name])).toEqual([['apple_health', 'Yoga']]);
  });
});
