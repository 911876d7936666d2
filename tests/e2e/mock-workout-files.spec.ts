import { expect, test } from '@playwright/test';
import { fitFile, gpxFile } from '../server/trackers/workout-files/fixtures';
import { MOCK_MODE_URL } from './mock-mode-env';

/** Mock mode offers 'Import workout files' as a server does: the same route table reads the files in the page (mocks/README.md). */
test.use({ baseURL: MOCK_MODE_URL });
test.describe.configure({ timeout: 180_000 });

const daysAgo = (days: number, hour = 6) => {
  const at = new Date(Date.now() - days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

test('an employee imports a FIT and a GPX file in mock mode, with the preview first', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => window.__wellnessMocks !== undefined, undefined, { timeout: 90_000 });
  await page.getByLabel('Email').fill('bea@wellness.test');
  await page.getByLabel('Password', { exact: true }).fill('Employee123!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/employee\/dashboard$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Import workout files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import workout files' });
  await dialog.locator('input[type="file"]').setInputFiles([
    {
      name: 'run.fit',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(fitFile({ start: daysAgo(1, 5), timerSeconds: 2400, records: 300 })),
    },
    {
      name: 'ride.gpx',
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from(gpxFile({ start: daysAgo(2, 15), movingSeconds: 1800, type: 'cycling' })),
    },
  ]);
  await expect(dialog.getByTestId('preview-workout')).toHaveCount(2, { timeout: 30_000 });
  await expect(dialog.getByText('2 workouts to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 workouts' }).click();
  await expect(page.getByText('2 workouts imported')).toBeVisible({ timeout: 30_000 });
  const rows = await page.evaluate(() =>
    window.__wellnessMocks!.sql("select name, moving_time, source from activities where source = 'file' order by start_at"),
  );
  expect(rows).toEqual([
    { name: 'Cycling', moving_time: 30, source: 'file' },
    { name: 'Running', moving_time: 40, source: 'file' },
  ]);
});
