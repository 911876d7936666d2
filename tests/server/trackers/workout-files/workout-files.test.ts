import { eq } from 'drizzle-orm';
import { dailyStepAchievements } from '../../../../server/db/schema';
import { addUser, imported, points, setup, sourcesIn, useFakeProvider } from '../helpers';
import { appleExportZip, appleExportXml, fitFile, fitWith, gpxFile, gzip, strToU8, tcxFile, zip } from './fixtures';
import { importFiles, importTicket, preview, writtenFor } from './upload';

useFakeProvider();

/** Now: 22 Nov 2026, competition year 2026 (1 Apr 2026 - 31 Mar 2027). */
const NOW = '2026-11-22T10:00:00Z';

describe('workout files (docs/trackers.md "File imports")', () => {
  test('a FIT file written by the SDK: previewed with its local day, type and timer minutes, then imported once', async () => {
    const { ctx, jane } = await setup({ now: NOW });
    // 06:30 UTC at +02:00 is 08:30 local; the timer ran 45 minutes of the 60 elapsed.
    const run = fitFile({
      start: '2026-11-20T06:30:00Z',
      timerSeconds: 2700,
      elapsedSeconds: 3600,
      sport: 'running',
      subSport: 'trail',
      offsetMinutes: 120,
    });
    const shown = await preview(ctx, jane, [{ name: 'Morning_Run.fit', bytes: run }]);
    expect(shown.status).toBe(200);
    expect(shown.body.workouts).toEqual([
      {
        file: 'Morning_Run.fit',
        day: '2026-11-20',
        start: '2026-11-20T06:30:00.000Z',
        type: 'Running',
        minutes: 45,
        source: 'file',
        skipped: null,
      },
    ]);
    expect(shown.body.toImport).toEqual({ workouts: 1, stepDays: 0 });
    // The preview wrote nothing.
    expect(await writtenFor(ctx, jane)).toEqual({ activities: 0, duplicates: 0, steps: 0 });

    const done = await importTicket(ctx, jane, shown.body.ticket!);
    expect(done).toEqual({ status: 200, body: { imported: 1, updated: 0, alsoRecorded: 0, stepDays: 0 } });
    const [row] = await imported(ctx.db, jane.id);
    expect(row).toMatchObject({ source: 'file', name: 'Running', movingTime: 45, startDate: '2026-11-20', isPrivate: false });
    expect(await points(ctx.db, jane.id, 2026)).toBe(45);
    expect(await sourcesIn(ctx, jane, '2026-11-20', '2026-11-20')).toEqual([['file', []]]);

    // The same file again adds nothing, and so does the old ticket.
    const again = await preview(ctx, jane, [{ name: 'Morning_Run.fit', bytes: run }]);
    expect(again.body.workouts[0]!.skipped).toBe('Already imported from an earlier file');
    expect(again.body.toImport).toEqual({ workouts: 0, stepDays: 0 });
    expect(again.body.ticket).toBeNull();
    expect((await importTicket(ctx, jane, shown.body.ticket!)).body).toEqual({ imported: 0, updated: 0, alsoRecorded: 0, stepDays: 0 });
    expect(await writtenFor(ctx, jane)).toEqual({ activities: 1, duplicates: 0, steps: 0 });
  });

  test('several files at once: GPX and TCX take their day from the browser time zone; a multisport FIT gives one workout per session', async () => {
    const { ctx, jane } = await setup({ now: NOW });
    const files = [
      // 23:30 UTC on the 19th is 00:30 on the 20th in Berlin.
      {
        name: 'night.gpx',
        bytes: gpxFile({ start: '2026-11-19T23:30:00Z', movingSeconds: 1800, pauseSeconds: 600, standingSeconds: 300, type: 'cycling' }),
      },
      { name: 'laps.tcx', bytes: tcxFile({ start: '2026-11-18T17:00:00Z', lapSeconds: [900, 900, 600], sport: 'Running' }) },
      {
        name: 'tri.fit',
        bytes: fitFile(
          { start: '2026-11-15T07:00:00Z', timerSeconds: 1200, elapsedSeconds: 1200, sport: 'swimming', records: 60 },
          { start: '2026-11-15T07:21:00Z', timerSeconds: 120, elapsedSeconds: 120, sport: 'transition', records: 60 },
          { start: '2026-11-15T07:24:00Z', timerSeconds: 3600, elapsedSeconds: 3600, sport: 'cycling', subSport: 'road', records: 60 },
        ),
      },
    ];
    const { preview: shown, imported: done } = await importFiles(ctx, jane, files, 'Europe/Berlin');
    expect(shown.workouts.map((row) => [row.file, row.day, row.type, row.minutes, row.skipped])).toEqual([
      // The GPX: 30 minutes moving; the pause and the standing at the end are not moving time.
      ['night.gpx', '2026-11-20', 'Cycling', 30, null],
      ['laps.tcx', '2026-11-18', 'Running', 40, null],
      ['tri.fit', '2026-11-15', 'Cycling', 60, null],
      ['tri.fit', '2026-11-15', 'Not a workout', 2, 'Not a workout'],
      ['tri.fit', '2026-11-15', 'Swimming', 20, null],
    ]);
    expect(done).toEqual({ imported: 4, updated: 0, alsoRecorded: 0, stepDays: 0 });
    expect((await imported(ctx.db, jane.id)).map((row) => [row.name, row.movingTime, row.startDate])).toEqual([
      ['Swimming', 20, '2026-11-15'],
      ['Cycling', 60, '2026-11-15'],
      ['Running', 40, '2026-11-18'],
      ['Cycling', 30, '2026-11-20'],
    ]);
  });

  test("a Garmin bulk export (FIT files in a ZIP inside the ZIP, beside its JSON) and Strava's (.fit.gz) import their workouts and list the rest", async () => {
    const { ctx, jane } = await setup({ now: NOW });
    const uploaded = zip({
      'user@example.com_1001.fit': fitFile({ start: '2026-11-10T07:00:00Z', timerSeconds: 1800, records: 120 }),
      'user@example.com_1002.fit': fitFile({ start: '2026-11-11T07:00:00Z', timerSeconds: 2400, sport: 'walking', records: 120 }),
      // A wellness file of the watch, not an activity.
      'user@example.com_1003.fit': fitWith({ type: 'monitoringB' }, [{ start: '2026-11-11T00:00:00Z', timerSeconds: 60, records: 10 }]),
    });
    const garmin = zip({
      DI_CONNECT: {
        'DI-Connect-Fitness': { 'user@example.com_0_summarizedActivities.json': strToU8('[{"summarizedActivitiesExport":[]}]') },
        'DI-Connect-Uploaded-Files': { 'UploadedFiles_0-_Part1.zip': uploaded },
      },
    });
    const strava = zip({
      activities: {
        '123.fit.gz': gzip(
          fitFile({ start: '2026-11-12T07:00:00Z', timerSeconds: 3000, sport: 'cycling', subSport: 'indoorCycling', records: 120 }),
        ),
      },
      'activities.csv': strToU8('id,name\n123,Ride\n'),
    });
    const { preview: shown, imported: done } = await importFiles(ctx, jane, [
      { name: 'garmin-export.zip', bytes: garmin },
      { name: 'export_12345.zip', bytes: strava },
    ]);
    expect(shown.workouts.map((row) => [row.file, row.type, row.minutes, row.skipped])).toEqual([
      ['export_12345.zip/activities/123.fit.gz', 'Spinning', 50, null],
      ['garmin-export.zip/DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip/user@example.com_1002.fit', 'Walking', 40, null],
      ['garmin-export.zip/DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip/user@example.com_1001.fit', 'Running', 30, null],
    ]);
    expect(shown.unusedCount).toBe(3);
    expect(shown.unusedFiles.map((file) => file.reason)).toEqual(
      expect.arrayContaining(['Not a workout file', 'Not a workout: a FIT monitoringB file']),
    );
    expect(done?.imported).toBe(3);
  });

  test('why a workout is skipped: outside the competition year, no duration, under a minute, in the future, in the upload twice', async () => {
    const { ctx, jane } = await setup({ now: NOW });
    const files = [
      { name: 'last-year.fit', bytes: fitFile({ start: '2026-02-10T07:00:00Z', timerSeconds: 1800, records: 60 }) },
      { name: 'nothing.tcx', bytes: tcxFile({ start: '2026-11-17T07:00:00Z', lapSeconds: [0] }) },
      { name: 'short.fit', bytes: fitFile({ start: '2026-11-16T07:00:00Z', timerSeconds: 40, records: 40 }) },
      { name: 'future.fit', bytes: fitFile({ start: '2026-11-23T07:00:00Z', timerSeconds: 1800, records: 60 }) },
      // One workout as FIT and as GPX: it counts once.
      { name: 'same.fit', bytes: fitFile({ start: '2026-11-14T07:00:00Z', timerSeconds: 1800, records: 60 }) },
      { name: 'same.gpx', bytes: gpxFile({ start: '2026-11-14T07:00:05Z', movingSeconds: 1790 }) },
    ];
    const shown = await preview(ctx, jane, files);
    expect(Object.fromEntries(shown.body.workouts.map((row) => [row.file, row.skipped]))).toEqual({
      'last-year.fit': 'Outside the competition year',
      'nothing.tcx': 'No duration',
      'short.fit': 'Shorter than a minute',
      'future.fit': 'Starts in the future',
      'same.fit': null,
      'same.gpx': 'Already in this upload (another file has the same workout)',
    });
    expect((await importTicket(ctx, jane, shown.body.ticket!)).body.imported).toBe(1);
  });

  test('the same workout from Strava, from Fitbit and from a file counts once, whichever came first', async () => {
    const { ctx, jane } = await setup({ now: NOW });
    const { connect, provider, stravaRun, exercise, sync } = await import('../helpers');
    provider.strava.activities = [stravaRun(1, '2026-11-20T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    expect(await imported(ctx.db, jane.id)).toHaveLength(1);

    // Strava first: the file's record of it is kept as a second source.
    const stravaTwin = await importFiles(ctx, jane, [
      { name: 'run.fit', bytes: fitFile({ start: '2026-11-20T07:01:00Z', timerSeconds: 1750, records: 60 }) },
    ]);
    expect(stravaTwin.preview.workouts[0]!.skipped).toBe('Already imported from Strava');
    expect(stravaTwin.preview.toImport.workouts).toBe(0);
    expect(stravaTwin.imported).toEqual({ imported: 0, updated: 0, alsoRecorded: 1, stepDays: 0 });
    expect(await sourcesIn(ctx, jane, '2026-11-20', '2026-11-20')).toEqual([['strava', ['file']]]);

    // A file first: Fitbit's record of the same workout is then the second source.
    await importFiles(ctx, jane, [
      { name: 'ride.fit', bytes: fitFile({ start: '2026-11-18T17:00:00Z', timerSeconds: 2400, sport: 'cycling', records: 60 }) },
    ]);
    provider.google.exercises = [exercise('g1', '2026-11-18T17:02:00Z', 2350, { exerciseType: 'BIKING' })];
    await connect(ctx, jane, 'FITBIT');
    await sync(ctx, jane);
    expect(await sourcesIn(ctx, jane, '2026-11-18', '2026-11-18')).toEqual([['file', ['fitbit']]]);
    expect(await imported(ctx.db, jane.id)).toHaveLength(2);

    // An Apple Health export of both workouts: already here from Strava and from the earlier file.
    const apple = await preview(ctx, jane, [
      {
        name: 'export.zip',
        bytes: appleExportZip({
          workouts: [
            { type: 'HKWorkoutActivityTypeRunning', start: '2026-11-20T07:00:30Z', minutes: 29 },
            { type: 'HKWorkoutActivityTypeCycling', start: '2026-11-18T17:00:00Z', minutes: 40 },
          ],
        }),
      },
    ]);
    expect(apple.body.workouts.map((row) => row.skipped)).toEqual([
      'Already imported from Strava',
      'Already imported from an earlier file',
    ]);
  });

  test('a second person importing the same file gets their own rows; a ticket works only for its employee', async () => {
    const { ctx, jane } = await setup({ now: NOW });
    const olga = await addUser(ctx, 'olga');
    const bytes = fitFile({ start: '2026-11-20T07:00:00Z', timerSeconds: 1800, records: 60 });
    const janes = await preview(ctx, jane, [{ name: 'a.fit', bytes }]);
    const foreign = await importTicket(ctx, olga, janes.body.ticket!);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('This preview has expired. Choose the files again.');
    const tampered = `${janes.body.ticket!.slice(0, -4)}AAAA`;
    expect((await importTicket(ctx, jane, tampered)).status).toBe(400);
    // Half an hour later the ticket has expired.
    ctx.clock.set(new Date(Date.parse(NOW) + 31 * 60_000).toISOString());
    expect((await importTicket(ctx, jane, janes.body.ticket!)).body.serverCode).toBe('IMPORT_PREVIEW_EXPIRED');
    expect(await writtenFor(ctx, jane)).toEqual({ activities: 0, duplicates: 0, steps: 0 });
    expect(await writtenFor(ctx, olga)).toEqual({ activities: 0, duplicates: 0, steps: 0 });
    await importFiles(ctx, olga, [{ name: 'a.fit', bytes }]);
    await importFiles(ctx, jane, [{ name: 'a.fit', bytes }]);
    expect(await imported(ctx.db, olga.id)).toHaveLength(1);
    expect(await imported(ctx.db, jane.id)).toHaveLength(1);
  });
});

describe('Apple Health (docs/trackers.md "Apple Health")', () => {
  test("export.zip: workouts on their local day (the export's own offset), 10,000-step days ticked as a manual tick would be", async () => {
    const { ctx, jane } = await setup({ now: NOW });
    await ctx.db.insert(dailyStepAchievements).values({ userId: jane.id, date: '2026-11-19' });
    const bytes = appleExportZip({
      workouts: [
        // 23:30 UTC at -05:00 is 18:30 on the 20th there.
        { type: 'HKWorkoutActivityTypeRunning', start: '2026-11-20T23:30:00Z', minutes: 32.5, offset: '-0500' },
        { type: 'HKWorkoutActivityTypeTraditionalStrengthTraining', start: '2026-11-18T06:00:00Z', minutes: 45 },
        { type: 'HKWorkoutActivityTypeMindAndBody', start: '2026-11-17T06:00:00Z', minutes: 15 },
      ],
      steps: [
        { day: '2026-11-21', counts: [4000, 3500, 3000] },
        // The watch counted the same walk: the larger device count is the day's, not the sum.
        { day: '2026-11-20', counts: [6000, 3000], source: "Jane's iPhone" },
        { day: '2026-11-20', counts: [5000, 3000], source: "Jane's Apple Watch" },
        { day: '2026-11-19', counts: [12000] },
        { day: '2026-02-01', counts: [15000] },
      ],
      heartRates: 200,
    });
    const shown = await preview(ctx, jane, [{ name: 'export.zip', bytes }]);
    expect(shown.status).toBe(200);
    expect(shown.body.workouts.map((row) => [row.day, row.type, row.minutes, row.source, row.skipped])).toEqual([
      ['2026-11-20', 'Running', 33, 'apple_health', null],
      ['2026-11-18', 'Strength Training', 45, 'apple_health', null],
      ['2026-11-17', 'Mind and body', 15, 'apple_health', null],
    ]);
    expect(shown.body.steps).toEqual([
      { day: '2026-11-21', steps: 10500, skipped: null },
      { day: '2026-11-19', steps: 12000, skipped: 'Already ticked' },
    ]);
    expect(shown.body.stepDaysOutside).toBe(1);
    // The route GPX and the clinical records are not workouts of their own.
    expect(shown.body.unusedCount).toBe(2);
    const done = await importTicket(ctx, jane, shown.body.ticket!);
    expect(done.body).toEqual({ imported: 3, updated: 0, alsoRecorded: 0, stepDays: 1 });
    const days = await ctx.db
      .select({ date: dailyStepAchievements.date })
      .from(dailyStepAchievements)
      .where(eq(dailyStepAchievements.userId, jane.id))
      .orderBy(dailyStepAchievements.date);
    expect(days.map((row) => row.date)).toEqual(['2026-11-19', '2026-11-21']);
    expect(await sourcesIn(ctx, jane, '2026-11-20', '2026-11-20')).toEqual([['apple_health', []]]);
    // 33 + 45 + 15 minutes and two step days of 30 points.
    expect(await points(ctx.db, jane.id, 2026)).toBe(93 + 60);
  });

  test('export.xml uploaded on its own reads the same; a step day closed since the preview is not ticked at import', async () => {
    const { ctx, jane } = await setup({ now: '2027-04-14T23:50:00Z' });
    // Until 14 April the previous competition year is still editable.
    const xml = appleExportXml({ steps: [{ day: '2027-03-30', counts: [10000] }] });
    const shown = await preview(ctx, jane, [{ name: 'export.xml', bytes: xml }]);
    expect(shown.body.steps).toEqual([{ day: '2027-03-30', steps: 10000, skipped: null }]);
    ctx.clock.set('2027-04-15T00:10:00Z');
    expect((await importTicket(ctx, jane, shown.body.ticket!)).body.stepDays).toBe(0);
    expect(await writtenFor(ctx, jane)).toEqual({ activities: 0, duplicates: 0, steps: 0 });
  });
});
