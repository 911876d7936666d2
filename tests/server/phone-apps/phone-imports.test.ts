import { eq } from 'drizzle-orm';
import { importTokens } from '../../../server/db/import-tokens-schema';
import { idempotencyKeys, users } from '../../../server/db/schema';
import { sha256 } from '../../../server/http/tokens';
import { addUser, connect, points, provider, setup, sourcesIn, stravaRun, sync, useFakeProvider } from '../trackers/helpers';
import { asEmployee, createToken, haePayload, haeWorkout, push, stateOf, stepSamples } from './helpers';

/*
 * docs/trackers.md "Phone apps": personal import tokens ('Connect a phone app' on the profile) and the
 * pushes a phone app makes with one, through the trackers' one import path as source `phone`.
 */

useFakeProvider();

describe('personal import tokens', () => {
  test('a token is shown once, stored only as its hash, listed with its last use, and at most five are in force', async () => {
    const { ctx, jane } = await setup();
    const { token, created } = await createToken(ctx, jane, 'iPhone');
    expect(token).toMatch(/^wci_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'iPhone', lastUsedAt: null });
    const [row] = await ctx.db.select().from(importTokens).where(eq(importTokens.userId, jane.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    // A creation keeps no replayable answer (it would hold the token).
    const keyed = await asEmployee(ctx, jane, 'POST', '', { name: 'Tasker' });
    expect(keyed.statusCode).toBe(200);
    expect(JSON.stringify(await ctx.db.select().from(idempotencyKeys))).not.toContain((keyed.json() as { token: string }).token.slice(4));

    const listed = (await asEmployee(ctx, jane, 'GET')).json() as { tokens: { name: string; lastUsedAt: string | null }[]; limit: number };
    expect(listed).toEqual({ tokens: [expect.objectContaining({ name: 'Tasker' }), expect.objectContaining({ name: 'iPhone' })], limit: 5 });
    expect(JSON.stringify(listed)).not.toContain('wci_');

    for (const name of ['Watch', 'iPad', 'Work phone']) await createToken(ctx, jane, name);
    const sixth = await asEmployee(ctx, jane, 'POST', '', { name: 'One more' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ message: 'You already have 5 phone app tokens: revoke one you no longer use first' });
    // Revoking one frees its place.
    expect((await asEmployee(ctx, jane, 'DELETE', `/${created.id}`)).statusCode).toBe(200);
    expect((await asEmployee(ctx, jane, 'POST', '', { name: 'One more' })).statusCode).toBe(200);
    expect((await stateOf(ctx, jane)).audit.filter((action) => action.startsWith('import_token'))).toEqual([...Array(6).fill('import_token.create').slice(0, 5), 'import_token.revoke', 'import_token.create']);
  });

  test('a name is required and plain; another employee cannot see or revoke the token', async () => {
    const { ctx, jane } = await setup();
    const blank = await asEmployee(ctx, jane, 'POST', '', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ issues: [{ path: 'name', message: 'Please enter a name for the app' }] });
    expect((await asEmployee(ctx, jane, 'POST', '', { name: 'x'.repeat(51) })).statusCode).toBe(400);
    const { created } = await createToken(ctx, jane);
    const john = await addUser(ctx, 'john');
    expect(((await asEmployee(ctx, john, 'GET')).json() as { tokens: unknown[] }).tokens).toEqual([]);
    const foreign = await asEmployee(ctx, john, 'DELETE', `/${created.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(((await asEmployee(ctx, jane, 'GET')).json() as { tokens: unknown[] }).tokens).toHaveLength(1);
  });
});

describe('Health Auto Export pushes', () => {
  test('workouts land on the calendar as the phone app, a day of 10,000 steps ticks its achievement, and the push is audited', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane, 'iPhone');
    const payload = haePayload(
      [haeWorkout('A1B2-RUN', 'Outdoor Run', '2026-11-20 07:00:00 +0200', 1830.4), haeWorkout('A1B2-LIFT', 'Traditional Strength Training', '2026-11-21 00:30:00 +0200', 2400), haeWorkout('A1B2-CURL', 'Curling', '2026-11-21 18:00:00 +0200', 1200)],
      [...stepSamples('2026-11-20', 10_400), ...stepSamples('2026-11-21', 9_990)],
    );
    const response = await push(ctx, token, 'health-auto-export', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      workouts: { received: 3, added: 3, updated: 0, removed: 0, duplicates: 0 },
      steps: { days: 2, ticked: ['2026-11-20'], alreadyTicked: [], closed: [] },
    });
    const state = await stateOf(ctx, jane);
    // The phone's local day: 00:30 at +02:00 on the 21st is the 20th in UTC, and counts on the 21st.
    expect(state.activities).toEqual([
      { source: 'phone', externalId: 'hae:A1B2-RUN', name: 'Running', minutes: 31, day: '2026-11-20' },
      { source: 'phone', externalId: 'hae:A1B2-LIFT', name: 'Strength Training', minutes: 40, day: '2026-11-21' },
      { source: 'phone', externalId: 'hae:A1B2-CURL', name: 'Curling', minutes: 20, day: '2026-11-21' },
    ]);
    expect(state.steps).toEqual(['2026-11-20']);
    expect(state.audit).toEqual(['import_token.create', 'phone.import']);
    // 31 + 40 + 20 minutes at a point each, and 30 for the step achievement.
    expect(await points(ctx.db, jane.id, 2026)).toBe(121);
    expect(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30')).toEqual([
      ['phone', []],
      ['phone', []],
      ['phone', []],
    ]);
    const [listed] = ((await asEmployee(ctx, jane, 'GET')).json() as { tokens: { lastUsedAt: string | null }[] }).tokens;
    expect(listed!.lastUsedAt).toBe('2026-11-22T10:00:00.000Z');
  });

  test('the same payload twice changes nothing; an edited workout is updated, a later count adds the tick', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane);
    const payload = haePayload([haeWorkout('W1', 'Yoga', '2026-11-20 18:00:00 +0100', 3600)], stepSamples('2026-11-21', 6_000, '+0100'));
    expect((await push(ctx, token, 'health-auto-export', payload)).statusCode).toBe(200);
    const before = { state: await stateOf(ctx, jane), points: await points(ctx.db, jane.id, 2026) };
    const again = await push(ctx, token, 'health-auto-export', payload);
    expect(again.json()).toEqual({ workouts: { received: 1, added: 0, updated: 0, removed: 0, duplicates: 0 }, steps: { days: 1, ticked: [], alreadyTicked: [], closed: [] } });
    expect({ state: await stateOf(ctx, jane), points: await points(ctx.db, jane.id, 2026) }).toEqual(before);

    const later = haePayload([haeWorkout('W1', 'Yoga', '2026-11-20 18:00:00 +0100', 4500)], stepSamples('2026-11-21', 12_000, '+0100'));
    expect((await push(ctx, token, 'health-auto-export', later)).json()).toMatchObject({ workouts: { added: 0, updated: 1 }, steps: { ticked: ['2026-11-21'] } });
    const after = await stateOf(ctx, jane);
    expect(after.activities).toEqual([{ source: 'phone', externalId: 'hae:W1', name: 'Yoga', minutes: 75, day: '2026-11-20' }]);
    expect(after.steps).toEqual(['2026-11-21']);
    expect(await points(ctx.db, jane.id, 2026)).toBe(75 + 30);
  });

  test('days outside the editable window, workouts under a minute and starts in the future are left out', async () => {
    // 20 April: the previous competition year is closed (its grace ended on 14 April).
    const { ctx, jane } = await setup({ now: '2026-04-20T10:00:00Z' });
    const { token } = await createToken(ctx, jane);
    const payload = haePayload(
      [
        haeWorkout('OLD', 'Outdoor Walk', '2026-03-30 08:00:00 +0200', 3000),
        haeWorkout('SHORT', 'Outdoor Walk', '2026-04-19 08:00:00 +0200', 45),
        haeWorkout('FUTURE', 'Outdoor Walk', '2026-04-21 08:00:00 +0200', 3000),
        haeWorkout('OK', 'Outdoor Walk', '2026-04-19 09:00:00 +0200', 3000),
      ],
      [...stepSamples('2026-03-31', 15_000), ...stepSamples('2026-04-19', 15_000)],
    );
    const report = (await push(ctx, token, 'health-auto-export', payload)).json() as { workouts: { added: number }; steps: { ticked: string[]; closed: string[] } };
    expect(report.workouts.added).toBe(1);
    expect(report.steps).toMatchObject({ ticked: ['2026-04-19'], closed: ['2026-03-31'] });
    expect((await stateOf(ctx, jane)).activities.map((row) => row.externalId)).toEqual(['hae:OK']);
  });

  test('a workout without an id (export version 1) is known by its start and name; without duration its end counts', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane);
    const legacy = { data: { workouts: [{ name: 'Indoor Cycle', start: '2026-11-20 07:00:00 -0500', end: '2026-11-20 07:45:30 -0500' }] } };
    expect((await push(ctx, token, 'health-auto-export', legacy)).json()).toMatchObject({ workouts: { added: 1 } });
    expect((await push(ctx, token, 'health-auto-export', legacy)).json()).toMatchObject({ workouts: { added: 0, updated: 0 } });
    expect((await stateOf(ctx, jane)).activities).toEqual([{ source: 'phone', externalId: 'hae:2026-11-20T12:00:00.000Z:Indoor Cycle', name: 'Spinning', minutes: 46, day: '2026-11-20' }]);
  });
});

describe('our own format (Shortcuts, Tasker, Health Connect webhooks)', () => {
  test('workouts in minutes or seconds and a day total of steps', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane, 'Tasker');
    const body = {
      workouts: [
        { id: 'hc-1', type: 'RUNNING', start: '2026-11-21T06:30:00+01:00', minutes: 42 },
        { type: 'Swimming', start: '2026-11-21T12:00:00Z', seconds: 1500 },
      ],
      steps: [
        { date: '2026-11-21', count: 12_500 },
        { date: '2026-11-20', count: 4_000 },
      ],
    };
    const response = await push(ctx, token, 'phone', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ workouts: { received: 2, added: 2, updated: 0, removed: 0, duplicates: 0 }, steps: { days: 2, ticked: ['2026-11-21'], alreadyTicked: [], closed: [] } });
    expect((await stateOf(ctx, jane)).activities).toEqual([
      { source: 'phone', externalId: 'own:hc-1', name: 'Running', minutes: 42, day: '2026-11-21' },
      { source: 'phone', externalId: 'own:2026-11-21T12:00:00.000Z', name: 'Swimming', minutes: 25, day: '2026-11-21' },
    ]);
    // The day ticked by hand before is left as it is.
    expect((await push(ctx, token, 'phone', { steps: [{ date: '2026-11-21', count: 13_000 }] })).json()).toMatchObject({ steps: { ticked: [], alreadyTicked: ['2026-11-21'] } });
  });

  test('unclear input is a 400 that names the field and changes nothing', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane);
    const before = await stateOf(ctx, jane);
    const cases: [unknown, string, string][] = [
      [{}, 'workouts', 'Nothing to import: send at least one workout or one day of steps'],
      [{ workouts: [{ type: 'Run', start: '2026-11-21T06:30:00+01:00', minutes: 30, seconds: 1800 }] }, 'workouts.0.minutes', 'Send either minutes or seconds'],
      [{ workouts: [{ type: 'Run', start: '2026-11-21 06:30', minutes: 30 }] }, 'workouts.0.start', 'start must be a date-time with its UTC offset, e.g. 2026-05-04 07:00:00 +0200'],
      [{ steps: [{ date: '2026-02-30', count: 100 }] }, 'steps.0.date', 'Date does not exist'],
      [{ steps: [{ date: '2026-11-21', count: -5 }] }, 'steps.0.count', 'count must not be negative'],
    ];
    for (const [body, path, message] of cases) {
      const response = await push(ctx, token, 'phone', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    const hae = await push(ctx, token, 'health-auto-export', { data: { metrics: [{ name: 'step_count', units: 'count', data: [{ qty: 'many', date: '2026-11-21 08:00:00 +0100' }] }] } });
    expect(hae.statusCode).toBe(400);
    expect(hae.json().issues).toContainEqual({ path: 'data.metrics.0.data.0.qty', message: 'qty must be a number' });
    expect((await push(ctx, token, 'health-auto-export', { workouts: [] })).statusCode).toBe(400);
    expect(await stateOf(ctx, jane)).toEqual(before);
    // Refused pushes are not a use of the token.
    expect(((await asEmployee(ctx, jane, 'GET')).json() as { tokens: { lastUsedAt: string | null }[] }).tokens[0]!.lastUsedAt).toBeNull();
  });
});

describe('refusals', () => {
  test('no token, a foreign token, an access token and a revoked token are refused with 401 and change nothing', async () => {
    const { ctx, jane } = await setup();
    const { token, created } = await createToken(ctx, jane);
    const body = { steps: [{ date: '2026-11-21', count: 20_000 }] };
    const none = await push(ctx, null, 'phone', body);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="import"');
    expect(none.json()).toMatchObject({ serverCode: 'UNAUTHENTICATED', message: 'Send your import token as "Authorization: Bearer <token>". Create one under "Connect a phone app" on your profile.' });
    const forged = await push(ctx, `wci_${'A'.repeat(43)}`, 'phone', body);
    expect(forged.json()).toMatchObject({ statusCode: 401, serverCode: 'IMPORT_TOKEN_INVALID', message: 'This import token is not valid. Create one under "Connect a phone app" on your profile.' });
    const { signedInToken } = await import('../../support/signed-in-token');
    const session = await signedInToken(ctx.db, ctx.config, jane, ctx.clock.now());
    expect((await push(ctx, session, 'phone', body)).json()).toMatchObject({ statusCode: 401, serverCode: 'IMPORT_TOKEN_INVALID' });
    expect((await asEmployee(ctx, jane, 'DELETE', `/${created.id}`)).statusCode).toBe(200);
    const revoked = await push(ctx, token, 'phone', body);
    expect(revoked.json()).toMatchObject({ statusCode: 401, serverCode: 'IMPORT_TOKEN_REVOKED', message: 'This import token was revoked. Create one under "Connect a phone app" on your profile.' });
    expect((await stateOf(ctx, jane)).steps).toEqual([]);
  });

  test('a token stops working when its employee becomes an admin', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane);
    await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, jane.id));
    expect((await push(ctx, token, 'phone', { steps: [{ date: '2026-11-21', count: 20_000 }] })).statusCode).toBe(401);
  });

  test('bad JSON is a 400, an oversized push a 413, and neither reads the body of a caller without a valid token', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane);
    const broken = await push(ctx, token, 'health-auto-export', '{"data": {"workouts": [');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ serverCode: 'VALIDATION_FAILED' });
    const huge = JSON.stringify(haePayload([], Array.from({ length: 60_000 }, (_, index) => ({ date: '2026-11-21 08:00:00 +0100', qty: 1, source: `iPhone ${'x'.repeat(60)} ${index}` }))));
    expect(huge.length).toBeGreaterThan(5_000_000);
    const oversize = await push(ctx, token, 'health-auto-export', huge);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ message: 'The request is too large' });
    // Without a valid token the answer is 401, whatever the body.
    expect((await push(ctx, `wci_${'B'.repeat(43)}`, 'health-auto-export', huge)).statusCode).toBe(401);
    expect((await push(ctx, null, 'health-auto-export', '{"data": {')).statusCode).toBe(401);
    expect((await stateOf(ctx, jane)).activities).toEqual([]);
  });

  test('each token carries at most 120 pushes an hour; the 121st is a 429 with Retry-After, another token is not held back', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane, 'Tasker');
    const { token: other } = await createToken(ctx, jane, 'iPhone');
    const body = { steps: [{ date: '2026-11-21', count: 100 }] };
    for (let index = 0; index < 120; index += 1) expect((await push(ctx, token, 'phone', body)).statusCode).toBe(200);
    const limited = await push(ctx, token, 'phone', { steps: [{ date: '2026-11-21', count: 20_000 }] });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json()).toMatchObject({ serverCode: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 60 minutes.' });
    expect((await stateOf(ctx, jane)).steps).toEqual([]);
    expect((await push(ctx, other, 'phone', body)).statusCode).toBe(200);
    ctx.clock.advance(3_600_000);
    expect((await push(ctx, token, 'phone', body)).statusCode).toBe(200);
  }, 120_000);
});

describe('duplicates across sources (docs/trackers.md "Across providers")', () => {
  test('a phone workout that Strava already brought counts once, as a second record of the Strava row, and the other way round', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(501, '2026-11-20T06:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    const { token } = await createToken(ctx, jane);
    // Two minutes later by the phone's clock, 31 minutes: the same run.
    const report = (await push(ctx, token, 'health-auto-export', haePayload([haeWorkout('RUN-1', 'Outdoor Run', '2026-11-20 07:02:00 +0100', 1860)]))).json() as { workouts: { added: number; duplicates: number } };
    expect(report.workouts).toMatchObject({ added: 0, duplicates: 1 });
    expect(await sourcesIn(ctx, jane, '2026-11-20', '2026-11-20')).toEqual([['strava', ['phone']]]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(30);

    // A phone workout first, then Strava's record of it: Strava's is the second record.
    await push(ctx, token, 'phone', { workouts: [{ id: 'swim', type: 'Swimming', start: '2026-11-21T12:00:00Z', minutes: 40 }] });
    provider.strava.activities.push(stravaRun(502, '2026-11-21T12:03:00Z', 2340, { sport_type: 'Swim' }));
    await sync(ctx, jane);
    expect(await sourcesIn(ctx, jane, '2026-11-21', '2026-11-21')).toEqual([['phone', ['strava']]]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(30 + 40);
  });

  test('two apps sending the same workout under their own ids count it once', async () => {
    const { ctx, jane } = await setup();
    const { token } = await createToken(ctx, jane, 'Health Auto Export');
    const { token: shortcut } = await createToken(ctx, jane, 'Shortcut');
    await push(ctx, token, 'health-auto-export', haePayload([haeWorkout('UUID-1', 'Outdoor Walk', '2026-11-21 09:00:00 +0000', 2700)]));
    const report = (await push(ctx, shortcut, 'phone', { workouts: [{ type: 'Walking', start: '2026-11-21T09:01:00Z', minutes: 45 }] })).json() as { workouts: { added: number; duplicates: number } };
    expect(report.workouts).toMatchObject({ added: 0, duplicates: 1 });
    expect((await stateOf(ctx, jane)).activities).toHaveLength(1);
  });
});
