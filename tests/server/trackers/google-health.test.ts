import { eq } from 'drizzle-orm';
import { trackerConnections } from '../../../server/db/schema';
import { createGoogleHealthClient, exerciseFilterSince } from '../../../server/trackers/providers/fitbit/client';
import { noBudget } from '../../../server/trackers/providers/provider-request';
import { sealToken } from '../../../server/modules/trackers/token-seal';
import { fakeTrackerConfig } from './fake-provider';
import { connect, exercise, imported, points, provider, setup, statusOf, sync, useFakeProvider, outage } from './helpers';

useFakeProvider();

const dataPoints = (query: string) => fetch(`${provider.url}/google-health/v4/users/me/dataTypes/exercise/dataPoints?${query}`, { headers: { authorization: `Bearer ${[...provider.google.tokens.access][0]}` } });

describe('the fake answers as the "Filter data" page documents', () => {
  test('exercise filters on civil_start_time with a civil date; start_time, other operators and hyphens are 400 INVALID_DATA_POINT_FILTER', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    provider.google.exercises = [exercise('a', '2026-11-21T08:00:00Z', 1800), exercise('b', '2026-11-19T08:00:00Z', 1800)];
    const ok = await dataPoints(new URLSearchParams({ filter: 'exercise.interval.civil_start_time >= "2026-11-20"', pageSize: '100' }).toString());
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { dataPoints: { name: string }[] }).dataPoints.map((point) => point.name)).toEqual(['users/me/dataTypes/exercise/dataPoints/a']);
    for (const filter of ['exercise.interval.start_time >= "2026-11-20T00:00:00Z"', 'exercise.interval.civil_start_time > "2026-11-20"', 'exercise.interval.civil_start_time >= "2026-11-20T00:00:00.000Z"']) {
      const refused = await dataPoints(new URLSearchParams({ filter }).toString());
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('INVALID_DATA_POINT_FILTER');
    }
  });

  test('newest first, at most 25 a page for exercise, raw points from two sources in list and one in reconcile', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    provider.google.exercises = Array.from({ length: 30 }, (_, index) => exercise(`p${index}`, new Date(Date.parse('2026-10-01T08:00:00Z') + index * 86_400_000).toISOString(), 1800));
    provider.google.exercises.push(exercise('watch', '2026-11-21T08:00:00Z', 1800, {}, 'watch'), exercise('phone', '2026-11-21T08:01:00Z', 1790, {}, 'health-connect'));
    const body = (await (await dataPoints('pageSize=100')).json()) as { dataPoints: { name: string; exercise: { interval: { startTime: string } } }[]; nextPageToken?: string };
    expect(body.dataPoints).toHaveLength(25);
    expect(body.nextPageToken).toBeTruthy();
    expect(body.dataPoints.slice(0, 2).map((point) => point.name.split('/').at(-1))).toEqual(['phone', 'watch']);
    const starts = body.dataPoints.map((point) => point.exercise.interval.startTime);
    expect([...starts].sort().reverse()).toEqual(starts);
    const merged = (await (await fetch(`${provider.url}/google-health/v4/users/me/dataTypes/exercise/dataPoints:reconcile?pageSize=5`, { headers: { authorization: `Bearer ${[...provider.google.tokens.access][0]}` } })).json()) as { dataPoints: { dataPointName: string }[] };
    expect(merged.dataPoints.slice(0, 2).map((point) => point.dataPointName.split('/').at(-1))).toEqual(['watch', 'p29']);
  });

  test('our filter is the documented one, a day early for time zones', () => {
    expect(exerciseFilterSince(new Date('2026-11-19T10:00:00Z'))).toBe('exercise.interval.civil_start_time >= "2026-11-18"');
  });
});

describe('Google Health imports (Fitbit)', () => {
  test('the backfill after connecting pages with pageToken, reads local days, minutes and types, and dedups on the data point name', async () => {
    const { ctx, jane } = await setup();
    provider.google.exercises = Array.from({ length: 60 }, (_, index) => exercise(`p${index}`, new Date(Date.parse('2026-09-01T12:00:00Z') + index * 86_400_000).toISOString(), 1800));
    // Sydney, Saturday 21 Nov 06:00 local = Friday 20 Nov 19:00 UTC.
    provider.google.exercises.push(exercise('sydney', '2026-11-20T19:00:00Z', 45 * 60, { interval: { startTime: '2026-11-20T19:00:00Z', startUtcOffset: '39600s' }, exerciseType: 'YOGA' }));
    // Tomorrow (a provider clock error) is not imported.
    provider.google.exercises.push(exercise('future', '2026-11-23T12:00:00Z', 1800));
    provider.google.exercises.push(exercise('odd', '2026-11-21T08:00:00Z', 600, { exerciseType: 'UNDERWATER_HOCKEY', displayName: 'Hockey under water' }));
    expect((await connect(ctx, jane, 'FITBIT')).response.statusCode).toBe(200);
    await ctx.app.afterResponse.idle();
    const pages = provider.requests.filter((request) => request.path.endsWith('/exercise/dataPoints:reconcile'));
    expect(pages).toHaveLength(3);
    expect(pages.map((request) => request.query.get('pageSize'))).toEqual(['25', '25', '25']);
    // The civil filter from a day before the first editable instant (2026-03-31T00:00Z): time zones.
    expect(pages[0]!.query.get('filter')).toBe('exercise.interval.civil_start_time >= "2026-03-30"');
    expect(pages[0]!.query.get('dataSourceFamily')).toBe('users/me/dataSourceFamilies/all-sources');
    expect(pages[1]!.query.get('pageToken')).toBeTruthy();
    const rows = await imported(ctx.db, jane.id);
    expect(rows).toHaveLength(62);
    expect(rows.find((row) => row.externalId === 'users/me/dataTypes/exercise/dataPoints/sydney')).toMatchObject({ startDate: '2026-11-21', name: 'Yoga', movingTime: 45, source: 'fitbit' });
    expect(rows.find((row) => row.externalId?.endsWith('/odd'))!.name).toBe('Hockey under water');
    expect(await points(ctx.db, jane.id, 2026)).toBeGreaterThan(0);

    expect((await sync(ctx, jane)).imported).toBe(0);
    expect(await imported(ctx.db, jane.id)).toHaveLength(62);
    expect((await statusOf(ctx, jane)).services).toMatchObject([{ apiType: 'FITBIT', state: 'connected', lastResult: 'Up to date' }]);
  });

  test('an edit at the provider (new updateTime, 30 -> 40 minutes, re-typed) updates the activity and its points', async () => {
    const { ctx, jane } = await setup();
    provider.google.exercises = [exercise('e1', '2026-11-21T08:00:00Z', 1800)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    const before = await points(ctx.db, jane.id, 2026);
    provider.google.exercises = [exercise('e1', '2026-11-21T08:00:00Z', 2400, { exerciseType: 'WALKING', updateTime: '2026-11-22T09:00:00Z' })];
    await sync(ctx, jane);
    const [row] = await imported(ctx.db, jane.id);
    expect(row).toMatchObject({ movingTime: 40, name: 'Walking' });
    expect(await points(ctx.db, jane.id, 2026)).toBeGreaterThan(before);
  });

  test('old Fitbit (legacy API) connections are "reconnect needed" and are not called', async () => {
    const { ctx, jane } = await setup();
    await ctx.db.insert(trackerConnections).values({ userId: jane.id, service: 'FITBIT', accessToken: sealToken(ctx.config.tokenEncryptionKey, 'legacy'), status: 'reconnect_needed', lastResult: 'Fitbit now connects through Google. Please connect Fitbit again.' });
    const result = await sync(ctx, jane);
    expect(result.problems).toEqual([{ apiType: 'FITBIT', message: 'Fitbit now connects through Google. Please connect Fitbit again.' }]);
    expect(provider.requests).toEqual([]);
    expect((await statusOf(ctx, jane)).services[0]).toMatchObject({ state: 'reconnect_needed' });
  });
});


describe('Fitbit imports follow what Google still lists', () => {
  test('a workout deleted at Google between syncs is deleted here and its points go', async () => {
    const { ctx, jane } = await setup();
    provider.google.exercises = [exercise('kept', '2026-11-20T08:00:00Z', 1800), exercise('deleted', '2026-11-21T08:00:00Z', 3600)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    const before = await points(ctx.db, jane.id, 2026);
    provider.google.exercises = provider.google.exercises.filter((point) => !point.name.endsWith('/deleted'));
    await sync(ctx, jane);
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['users/me/dataTypes/exercise/dataPoints/kept']);
    expect(await points(ctx.db, jane.id, 2026)).toBeLessThan(before);
  });

  test('a workout outside the synced window stays, and an incomplete read (a failing page) deletes nothing', async () => {
    const { ctx, jane } = await setup();
    provider.google.exercises = [exercise('old', '2026-11-01T08:00:00Z', 1800), exercise('recent', '2026-11-21T08:00:00Z', 1800)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    // The next sync reads from three days before the last one: the 1 November workout is outside.
    ctx.clock.advance(3_600_000);
    provider.google.exercises = [];
    provider.google.failNext = outage(503);
    await sync(ctx, jane);
    expect(await imported(ctx.db, jane.id)).toHaveLength(2);
    await sync(ctx, jane);
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['users/me/dataTypes/exercise/dataPoints/old']);
  });

  test('once a day a sync reads the whole open year: a workout deleted or shortened at Google last month stops counting', async () => {
    const { ctx, jane } = await setup();
    provider.google.exercises = [exercise('october', '2026-10-20T08:00:00Z', 3600), exercise('early-november', '2026-11-02T08:00:00Z', 3600), exercise('recent', '2026-11-21T08:00:00Z', 1800)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    expect(await points(ctx.db, jane.id, 2026)).toBe(150);
    // At Google: October's workout deleted, early November's shortened to 20 minutes.
    provider.google.exercises = [exercise('early-november', '2026-11-02T08:00:00Z', 1200, { updateTime: '2026-11-22T11:00:00Z' }), exercise('recent', '2026-11-21T08:00:00Z', 1800)];
    // Within the day: the sync reads from the last one minus three days, so nothing older changes yet.
    ctx.clock.advance(6 * 3_600_000);
    await sync(ctx, jane);
    expect(await points(ctx.db, jane.id, 2026)).toBe(150);
    // A day after the last whole read: the whole editable window is read again.
    ctx.clock.advance(18 * 3_600_000);
    provider.requests.length = 0;
    await sync(ctx, jane);
    expect((await imported(ctx.db, jane.id)).map((row) => [row.externalId?.split('/').pop(), row.movingTime])).toEqual([
      ['early-november', 20],
      ['recent', 30],
    ]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(50);
    const filter = provider.requests.find((request) => request.path.endsWith('dataPoints:reconcile'))!.query.get('filter');
    // From the first editable day (1 April), a day early for time zones.
    expect(filter).toBe('exercise.interval.civil_start_time >= "2026-03-30"');
  });

  test('a workout without activeDuration counts its interval', async () => {
    const { ctx, jane } = await setup();
    const point = exercise('no-active', '2026-11-21T08:00:00Z', 0, { interval: { startTime: '2026-11-21T08:00:00Z', startUtcOffset: '0s', endTime: '2026-11-21T08:42:20Z' } });
    delete point.exercise.activeDuration;
    provider.google.exercises = [point];
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    expect((await imported(ctx.db, jane.id)).map((row) => [row.externalId, row.movingTime])).toEqual([['users/me/dataTypes/exercise/dataPoints/no-active', 42]]);
  });

  test('one workout recorded by the watch and by Health Connect counts once', async () => {
    const { ctx, jane } = await setup();
    provider.google.exercises = [exercise('watch', '2026-11-21T08:00:00Z', 1800, {}, 'watch'), exercise('phone', '2026-11-21T08:01:00Z', 1790, {}, 'health-connect'), exercise('walk', '2026-11-21T08:10:00Z', 600, { exerciseType: 'WALKING' }, 'health-connect')];
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId?.split('/').at(-1))).toEqual(['watch', 'walk']);
  });

  test('revoking: Google answers an empty 200, which is a success', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    const client = createGoogleHealthClient(fakeTrackerConfig(provider.url).fitbit, noBudget);
    await expect(client.revoke({ accessToken: [...provider.google.tokens.access][0]!, refreshToken: null })).resolves.toBeUndefined();
    expect(provider.google.tokens.access.size).toBe(0);
    expect((await ctx.db.select().from(trackerConnections).where(eq(trackerConnections.userId, jane.id))).length).toBe(1);
  });
});
