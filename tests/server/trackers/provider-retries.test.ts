import { trackerPendingRevokes } from '../../../server/db/schema';
import { call, connect, exercise, imported, outage, provider, setup, stravaRun, sync, useFakeProvider, type Ctx } from './helpers';

useFakeProvider();

const retryRevokes = async (ctx: Ctx) => {
  await ctx.jobs.send('trackers.revokes', {}, { singletonKey: 'now' });
  await ctx.jobs.whenIdle();
};
const pending = (ctx: Ctx) => ctx.db.select().from(trackerPendingRevokes);

describe('transient provider errors (docs/trackers.md "What an employee sees")', () => {
  test('Google 503 and 504 are tried again with backoff, and the sync works', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    provider.google.exercises = [exercise('run', '2026-11-21T07:00:00Z', 1800)];
    provider.google.failNext = [503, 504];
    provider.requests.length = 0;
    expect(await sync(ctx, jane)).toMatchObject({ imported: 1, problems: [] });
    expect(provider.requests.filter((request) => request.path.endsWith('dataPoints:reconcile'))).toHaveLength(3);
  });

  test('a Strava 502 is tried again; an outage longer than the tries is a failed sync, not a lost one', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 1800)];
    provider.strava.failNext = [502];
    expect(await sync(ctx, jane)).toMatchObject({ imported: 1, problems: [] });
    provider.strava.failNext = outage(500);
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'STRAVA', message: 'Strava did not answer as expected. Please try again later.' }]);
  });
});

describe('withdrawing access that fails (docs/trackers.md "How a connection works")', () => {
  test('a Strava deauthorisation that meets an outage is tried again until it works', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.oauthFailNext = [...outage(503), ...outage(503)];
    expect((await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' })).json()).toEqual({ apis: [], services: [] });
    expect(provider.strava.tokens.access.size).toBe(1);
    const [kept] = await pending(ctx);
    expect(kept).toMatchObject({ service: 'STRAVA', userId: jane.id, attempts: 0 });
    // Sealed like a connection's tokens.
    expect(kept!.accessToken).not.toContain('strava-access');
    // Not due yet: nothing is tried.
    await retryRevokes(ctx);
    expect(await pending(ctx)).toHaveLength(1);
    // Due, still down: kept again for a longer wait.
    ctx.clock.set(kept!.nextAttemptAt.toISOString());
    await retryRevokes(ctx);
    const [again] = await pending(ctx);
    expect(again!.attempts).toBe(1);
    expect(again!.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBeGreaterThan(60_000);
    // Strava answers: withdrawn, nothing left to try.
    ctx.clock.set(again!.nextAttemptAt.toISOString());
    await retryRevokes(ctx);
    expect(await pending(ctx)).toEqual([]);
    expect(provider.strava.tokens.access.size).toBe(0);
  });

  test('a grant the provider says is already gone is not tried again', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    provider.google.exercises = [exercise('run', '2026-11-21T07:00:00Z', 1800)];
    provider.google.tokens.access.clear();
    provider.google.tokens.refresh.clear();
    await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'FITBIT' });
    expect(await pending(ctx)).toEqual([]);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
  });
});
