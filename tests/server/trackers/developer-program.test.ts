import { signedInToken } from '../../support/signed-in-token';
import { users } from '../../../server/db/schema';
import type { TrackerPanel } from '@/contract/trackers';
import { addUser, call, connect, provider, setup, statusOf, sync, useFakeProvider, type Ctx } from './helpers';

useFakeProvider();

const TOKEN = 'scrape-token-for-tests';
const ATHLETE_LIMIT = 'Strava accepts no more athletes for this app at the moment, so Strava cannot be connected now; your administrator has been told. You can log your workouts here meanwhile, or connect another fitness service.';

const panel = async (ctx: Ctx) => {
  const [admin] = await ctx.db.insert(users).values({ role: 'admin', email: `admin${Math.random()}@example.com`, passwordHash: 'x', firstName: 'A', lastName: 'A', gender: 'other', levelOfCompetition: 'Beginner' }).returning();
  const token = await signedInToken(ctx.db, ctx.config, { id: admin!.id, role: 'admin' }, ctx.clock.now());
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/trackers', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.json() as TrackerPanel;
};
const needsAdministrator = async (ctx: Ctx, provider: string, reason: string) => {
  const body = (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  return Number(new RegExp(`^wellness_tracker_needs_administrator\\{provider="${provider}",reason="${reason}"\\} (\\d+)$`, 'm').exec(body)?.[1]);
};
const connections = async (ctx: Ctx, provider: string) => {
  const body = (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  return Number(new RegExp(`^wellness_tracker_connections\\{provider="${provider}",state="connected"\\} (\\d+)$`, 'm').exec(body)?.[1]);
};

describe("Strava's developer program (docs/trackers.md \"Strava's developer program\")", () => {
  test('past the limit of connected athletes: the connect attempt ends in plain words, the panel gives the cause and the count, /metrics says it; connected athletes keep syncing', async () => {
    const { ctx, jane } = await setup({ config: { metricsToken: TOKEN } });
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    // Strava's Standard Tier: the app is full (here: one athlete), and a new athlete's exchange is refused.
    provider.strava.athleteLimit = 1;
    provider.strava.connectedAthletes = new Set([1]);
    const olga = await addUser(ctx, 'olga');
    // Strava's own page refuses her; had it let her through, the code exchange is refused too.
    const { url } = (await call(ctx, olga, 'POST', 'tracker-authorization', { apiType: 'STRAVA' })).json() as { url: string };
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(403);
    const refused = await call(ctx, olga, 'POST', 'connect-strava', { code: 'strava-granted-code', state: new URL(url).searchParams.get('state')!, scope: 'read,activity:read,activity:read_all' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ serverCode: 'TRACKER_ATHLETE_LIMIT', message: ATHLETE_LIMIT });
    const strava = (await panel(ctx)).providers.find((row) => row.apiType === 'STRAVA')!;
    expect(strava).toMatchObject({ needsAdministrator: { reason: 'athlete_limit' }, connections: { connected: 1, reconnectNeeded: 0 }, failures: [{ reason: 'athlete_limit', operator: true, count: 1 }] });
    expect(await needsAdministrator(ctx, 'STRAVA', 'athlete_limit')).toBe(1);
    expect(await connections(ctx, 'STRAVA')).toBe(1);
    // The next employee is told before being sent to Strava's error page.
    const before = provider.requests.length;
    const again = await call(ctx, olga, 'POST', 'tracker-authorization', { apiType: 'STRAVA' });
    expect(again.json()).toMatchObject({ serverCode: 'TRACKER_ATHLETE_LIMIT' });
    expect(provider.requests.length).toBe(before);
    // Jane, already connected, is not paused.
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('connected');
    expect((await sync(ctx, jane)).problems).toEqual([]);
    // Jane leaves: there is room again.
    await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' });
    expect((await panel(ctx)).providers.find((row) => row.apiType === 'STRAVA')!.needsAdministrator).toBeNull();
    expect(await needsAdministrator(ctx, 'STRAVA', 'athlete_limit')).toBe(0);
  });

  test('a known cap (STRAVA_ATHLETE_LIMIT) refuses the next athlete before the trip and the panel shows the count against it', async () => {
    const limited = await setup({ config: { strava: { athleteLimit: 1 } as never } });
    await connect(limited.ctx, limited.jane, 'STRAVA');
    await limited.ctx.jobs.whenIdle();
    const olga = await addUser(limited.ctx, 'olga');
    const answer = await call(limited.ctx, olga, 'POST', 'tracker-authorization', { apiType: 'STRAVA' });
    expect(answer.json()).toMatchObject({ serverCode: 'TRACKER_ATHLETE_LIMIT' });
    expect((await panel(limited.ctx)).providers.find((row) => row.apiType === 'STRAVA')).toMatchObject({ athleteLimit: 1, connections: { connected: 1 }, needsAdministrator: { reason: 'athlete_limit' } });
    // The athlete already connected may connect again.
    expect((await connect(limited.ctx, limited.jane, 'STRAVA')).response.statusCode).toBe(200);
  });

  test('an inactive application (403 Application/Status/Inactive) pauses Strava: a clear message for the employee, the cause on the panel and in /metrics', async () => {
    const { ctx, jane } = await setup({ config: { metricsToken: TOKEN } });
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.inactive = true;
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'STRAVA', message: 'Syncing with Strava is paused; your administrator has been told' }]);
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('paused');
    expect((await panel(ctx)).providers.find((row) => row.apiType === 'STRAVA')).toMatchObject({ needsAdministrator: { reason: 'app_inactive' }, connections: { connected: 1 } });
    expect(await needsAdministrator(ctx, 'STRAVA', 'app_inactive')).toBe(1);
    // A new employee's connect attempt ends with the same plain words.
    const olga = await addUser(ctx, 'olga');
    expect((await connect(ctx, olga, 'STRAVA')).response.json()).toMatchObject({ serverCode: 'TRACKER_PAUSED', message: 'Syncing with Strava is paused; your administrator has been told' });
  });
});

describe('a deleted Google OAuth client (docs/trackers.md "Operator faults")', () => {
  test('deleted_client is an operator fault: employees read that syncing is paused, not "Reconnect needed"; the panel says what to fix', async () => {
    const { ctx, jane } = await setup({ config: { metricsToken: TOKEN } });
    provider.google.expiresIn = 30;
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    provider.google.clientDeleted = true;
    ctx.clock.advance(120_000);
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'FITBIT', message: 'Syncing with Fitbit is paused; your administrator has been told' }]);
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('paused');
    expect((await panel(ctx)).providers.find((row) => row.apiType === 'FITBIT')).toMatchObject({ needsAdministrator: { reason: 'client_deleted' } });
    expect(await needsAdministrator(ctx, 'FITBIT', 'client_deleted')).toBe(1);
  });
});
