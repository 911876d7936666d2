import { expect, test } from '@playwright/test';
import { appleExportZip, fitFile, gpxFile, tcxFile, zip } from '../server/trackers/workout-files/fixtures';
import { expectAccessible, screenshotBoth, signUpThroughApi, uniqueEmail } from './helpers';

test.use({ bypassCSP: true });

/** A start `daysAgo` days before now at 06:00 UTC: inside the editable days whatever today is (1-14 April keeps the previous year too). */
const daysAgo = (days: number, hour = 6) => {
  const at = new Date(Date.now() - days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

const asFile = (name: string, bytes: Uint8Array) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });

/** docs/trackers.md "File imports": real files through the SPA, the preview first, then 'Import N workouts'; the same files again add nothing. */
test('workout files (FIT from the SDK, GPX, TCX, a Garmin-style ZIP) and an Apple Health export import through the preview', async ({ page }) => {
  const email = uniqueEmail('files');
  await signUpThroughApi(page.request, { firstName: 'Fay', lastName: 'Files', dateOfBirth: '1990-02-03', gender: 'female', email, password: 'Files-e2e-Password1', levelOfCompetition: 'Beginner' });
  await page.goto('/employee/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The dialog's code is not on the page before the click: it comes as a file of its own.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(request.url());
  });
  await page.getByRole('button', { name: 'Import workout files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import workout files' });
  await expect(dialog).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);

  const files = [
    asFile('Morning_Run.fit', fitFile({ start: daysAgo(1), timerSeconds: 2700, elapsedSeconds: 3300, records: 600 })),
    asFile('ride.gpx', gpxFile({ start: daysAgo(2, 16), movingSeconds: 3000, type: 'cycling', name: 'Evening ride' })),
    asFile('laps.tcx', tcxFile({ start: daysAgo(3, 17), lapSeconds: [600, 600, 600], sport: 'Running' })),
    asFile(
      'garmin-export.zip',
      zip({
        DI_CONNECT: {
          'DI-Connect-Fitness': { 'summarizedActivities.json': new TextEncoder().encode('[]') },
          'DI-Connect-Uploaded-Files': { 'UploadedFiles_0-_Part1.zip': zip({ 'a.fit': fitFile({ start: daysAgo(4), timerSeconds: 1800, sport: 'walking', records: 300 }), 'old.fit': fitFile({ start: '2021-06-01T07:00:00Z', timerSeconds: 1800, records: 60 }) }) },
        },
      }),
    ),
    asFile('export.zip', appleExportZip({ workouts: [{ type: 'HKWorkoutActivityTypeYoga', start: daysAgo(5, 18), minutes: 40, offset: '+0000' }], steps: [{ day: daysAgo(5).slice(0, 10), counts: [6000, 5500], offset: '+0000' }] })),
  ];
  await dialog.locator('input[type="file"]').setInputFiles(files);
  await expect(dialog.getByTestId('preview-workout')).toHaveCount(6);
  await expect(dialog.getByText('5 workouts to import, 1 day of 10,000 steps to tick, 1 workout skipped.')).toBeVisible();
  await expect(dialog.getByTestId('preview-workout').filter({ hasText: 'Running · 45 min' }).first()).toContainText('Morning_Run.fit');
  await expect(dialog.getByTestId('preview-workout').filter({ hasText: 'old.fit' })).toContainText('Outside the competition year');
  await expect(dialog.getByText('11,500 steps')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await screenshotBoth(page, 'workout-files-preview');

  await dialog.getByRole('button', { name: 'Import 5 workouts' }).click();
  await expect(page.getByText('5 workouts imported, 1 step day ticked')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same files again: every workout is already here, nothing to import.
  await page.goto('/employee/fitness-services');
  await page.getByRole('button', { name: 'Import workout files' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(files.slice(0, 3));
  await expect(dialog.getByText('0 workouts to import, 3 workouts skipped.')).toBeVisible();
  await expect(dialog.getByText('Already imported from an earlier file')).toHaveCount(3);
  await expect(dialog.getByRole('button', { name: /^Import/ })).toHaveCount(0);

  // A damaged file: the reason, and nothing saved.
  const damaged = fitFile({ start: daysAgo(1), timerSeconds: 1800, records: 300 });
  damaged.fill(9, 400, 900);
  await dialog.locator('input[type="file"]').setInputFiles([asFile('broken.fit', damaged)]);
  await expect(dialog.getByRole('alert')).toContainText('"broken.fit" could not be read: it is damaged.');
  await screenshotBoth(page, 'workout-files-error');
});
