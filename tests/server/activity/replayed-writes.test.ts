import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { createTestApp } from '../helpers/test-app';
import { asUser, seedUser } from './helpers';

/*
 * The offline queue sends each edit and delete with its Idempotency-Key and may send it again when
 * the connection dropped before the answer came (docs/product-rules.md#offline-logging): the same key
 * answers the first answer and changes nothing more. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (scripts/with-postgres.sh).
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let ctx: TestApp;

beforeEach(async () => {
  ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
});
afterEach(async () => {
  await ctx.app.close();
});

const count = async (table: 'activities' | 'daily_step_achievements' | 'event_participations', userId: number) =>
  rowsOf<{ count: number }>(await ctx.db.execute(sql`select count(*)::int as count from ${sql.identifier(table)} where user_id = ${userId}`))[0]!.count;

test('an edit replayed with its key answers the first answer and does not undo a later edit', async () => {
  const person = await seedUser(ctx.db, 'user');
  const as = asUser(ctx, person);
  const created = (await as({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Running', movingTime: 20, startTime: '2026-11-21T07:00:00.000Z' } })).json();
  const edit = (minutes: number, key: string) =>
    as({ method: 'PUT', url: `/api/user/activity/${created.id}`, headers: { 'idempotency-key': key }, payload: { name: 'Running', movingTime: minutes, startDate: '2026-11-21' } });
  const first = await edit(30, 'edit-a');
  expect(first.statusCode).toBe(200);
  expect((await edit(40, 'edit-b')).json().movingTime).toBe(40);
  const replay = await edit(30, 'edit-a');
  expect(replay.statusCode).toBe(200);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.json()).toEqual(first.json());
  const [row] = rowsOf<{ moving_time: number }>(await ctx.db.execute(sql`select moving_time from activities where id = ${created.id}`));
  expect(row?.moving_time).toBe(40);
});

test('a delete replayed with its key answers 204 again; without a key the second delete is a 404', async () => {
  const person = await seedUser(ctx.db, 'user');
  const as = asUser(ctx, person);
  const log = () => as({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Yoga', movingTime: 15, startTime: '2026-11-20T07:00:00.000Z' } });
  const kept = (await log()).json();
  const gone = (await log()).json();
  const remove = (id: number, headers: Record<string, string> = {}) => as({ method: 'DELETE', url: `/api/user/activity/${id}`, headers });
  expect((await remove(gone.id, { 'idempotency-key': 'delete-1' })).statusCode).toBe(204);
  const replay = await remove(gone.id, { 'idempotency-key': 'delete-1' });
  expect([replay.statusCode, replay.body, replay.headers['idempotent-replayed']]).toEqual([204, '', 'true']);
  expect((await remove(gone.id)).statusCode).toBe(404);
  // The same key on another row is another request: refused, nothing deleted.
  expect((await remove(kept.id, { 'idempotency-key': 'delete-1' })).statusCode).toBe(422);
  expect(await count('activities', person.id)).toBe(1);
});

test('step and event deletes replayed with their keys change the data once', async () => {
  const person = await seedUser(ctx.db, 'user');
  const as = asUser(ctx, person);
  await as({ method: 'POST', url: '/api/user/activity/daily-step-achievement', payload: { date: '2026-11-21' } });
  const event = (await as({ method: 'POST', url: '/api/user/activity/log-event-participation', payload: { name: 'Race', date: '2026-11-21', isInTheTopThree: false } })).json();
  const removeSteps = () => as({ method: 'DELETE', url: '/api/user/activity/daily-step-achievement', headers: { 'idempotency-key': 'steps-off' }, payload: { date: '2026-11-21' } });
  const removeEvent = () => as({ method: 'DELETE', url: `/api/user/activity/event-participation/${event.id}`, headers: { 'idempotency-key': 'event-off' } });
  expect([(await removeSteps()).statusCode, (await removeSteps()).statusCode]).toEqual([204, 204]);
  expect([(await removeEvent()).statusCode, (await removeEvent()).statusCode]).toEqual([204, 204]);
  expect([await count('daily_step_achievements', person.id), await count('event_participations', person.id)]).toEqual([0, 0]);
});

test('a refused edit keeps its key free: the same key after the refusal runs', async () => {
  const person = await seedUser(ctx.db, 'user');
  const as = asUser(ctx, person);
  const edit = () => as({ method: 'PUT', url: '/api/user/activity/999999', headers: { 'idempotency-key': 'edit-missing' }, payload: { name: 'Running', movingTime: 10, startDate: '2026-11-21' } });
  expect((await edit()).statusCode).toBe(404);
  expect((await edit()).statusCode).toBe(404);
  expect(rowsOf<{ count: number }>(await ctx.db.execute(sql`select count(*)::int as count from idempotency_keys`))[0]!.count).toBe(0);
});
