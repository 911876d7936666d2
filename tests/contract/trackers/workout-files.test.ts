import { workoutFileEndpoints } from '@/contract/workout-files';
import { fixtureEmployee } from '../../../mocks/fixtures';
import { fitFile } from '../../server/trackers/workout-files/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

const form = (files: { name: string; bytes: Uint8Array }[]) => {
  const data = new FormData();
  data.append('timeZone', 'Europe/Berlin');
  for (const file of files) data.append('files', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  return data;
};

/** 'Import workout files' answers alike on both hosts (docs/trackers.md "File imports"). */
describe.each(targets)('workout files on $name', (target) => {
  useTarget(target);
  const bea = fixtureEmployee('Beginner');

  test('a FIT file is previewed, then imported once; a damaged one and a foreign ticket are refused', async () => {
    const { accessToken: token } = await target.signIn(bea.email, bea.password);
    const run = fitFile({ start: '2026-11-20T06:30:00Z', timerSeconds: 2700, records: 120 });
    const shown = expectSuccess(workoutFileEndpoints.previewWorkoutFiles, await target.call(workoutFileEndpoints.previewWorkoutFiles, { token, formData: form([{ name: 'run.fit', bytes: run }]) }));
    expect(shown.workouts).toEqual([{ file: 'run.fit', day: '2026-11-20', start: '2026-11-20T06:30:00.000Z', type: 'Running', minutes: 45, source: 'file', skipped: null }]);
    const done = expectSuccess(workoutFileEndpoints.importWorkoutFiles, await target.call(workoutFileEndpoints.importWorkoutFiles, { token, body: { ticket: shown.ticket! } }));
    expect(done).toEqual({ imported: 1, updated: 0, alsoRecorded: 0, stepDays: 0 });
    const again = expectSuccess(workoutFileEndpoints.previewWorkoutFiles, await target.call(workoutFileEndpoints.previewWorkoutFiles, { token, formData: form([{ name: 'run.fit', bytes: run }]) }));
    expect(again.workouts[0]!.skipped).toBe('Already imported from an earlier file');

    const damaged = run.slice();
    damaged.fill(3, 200, 700);
    expectError(await target.call(workoutFileEndpoints.previewWorkoutFiles, { token, formData: form([{ name: 'broken.fit', bytes: damaged }]) }), 400, 'IMPORT_FILE_UNREADABLE', '"broken.fit" could not be read: it is damaged. Export it again and try once more.');
    const ivan = fixtureEmployee('Intermediate');
    const { accessToken: other } = await target.signIn(ivan.email, ivan.password);
    expectError(await target.call(workoutFileEndpoints.importWorkoutFiles, { token: other, body: { ticket: shown.ticket! } }), 400, 'IMPORT_PREVIEW_EXPIRED', 'This preview has expired. Choose the files again.');
    expectError(await target.call(workoutFileEndpoints.previewWorkoutFiles, { formData: form([{ name: 'run.fit', bytes: run }]) }), 401, 'UNAUTHENTICATED');
  });
});
