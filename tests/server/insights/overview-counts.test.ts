import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { trackerConnections, users } from '../../../server/db/schema';
import type { Db } from '../../../server/db/client';
import { competitionYearOf } from '@/domain/competition';
import { createTestApp } from '../helpers/test-app';
import { randomOf } from '../helpers/seeded-random';
import { addUser } from '../helpers/competition-seed';

/*
 * employee_joins and tracker_counts (server/db/functions/overview.sql) are the admin overview's
 * counts, kept by triggers on users and tracker_connections. After every step of a seeded random
 * sequence of writes (single and multi-row inserts and deletes, role and join-date changes, an
 * account deleted with all its connections) they equal the same counts made from the rows. On
 * PostgreSQL (TEST_DATABASE_URL) the last test connects and disconnects one employee's services
 * from parallel transactions.
 */

const services = ['STRAVA', 'FITBIT', 'POLAR'] as const;

/** The kept counts, rows at 0 left out (a count that went back to 0 keeps its row). */
const keptCounts = async (db: Db) => ({
  joins: Object.fromEntries(
    rowsOf<{ year: number; employees: number }>(await db.execute(sql`select competition_year as year, employees from employee_joins where employees <> 0 order by 1`)).map((row) => [row.year, row.employees]),
  ),
  trackers: Object.fromEntries(
    rowsOf<{ service: string; connections: number }>(await db.execute(sql`select service, connections from tracker_counts where connections <> 0 order by 1`)).map((row) => [row.service, row.connections]),
  ),
});

/** The same counts made from the rows, in TypeScript: the year of joining is the competition year of created_at in UTC. */
const countedFromRows = async (db: Db) => {
  const people = await db.select({ role: users.role, createdAt: users.createdAt }).from(users);
  const connections = await db.select({ userId: trackerConnections.userId, service: trackerConnections.service }).from(trackerConnections);
  const joins: Record<number, number> = {};
  for (const person of people.filter((row) => row.role === 'user')) {
    const year = competitionYearOf(person.createdAt.toISOString().slice(0, 10));
    joins[year] = (joins[year] ?? 0) + 1;
  }
  const trackers: Record<string, number> = {};
  for (const connection of connections) trackers[connection.service] = (trackers[connection.service] ?? 0) + 1;
  const connected = new Set(connections.map((connection) => connection.userId)).size;
  if (connected) trackers['*'] = connected;
  return { joins, trackers: Object.fromEntries(Object.entries(trackers).sort(([a], [b]) => (a < b ? -1 : 1))) };
};

test('the overview counts equal counts made from the rows after every step of random writes', async () => {
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const { db } = ctx;
  const random = randomOf(37);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // Join moments around the year boundaries (UTC): the last second of a year and the first of the next.
  const moments = ['2024-06-01T08:00:00Z', '2025-03-31T23:59:59Z', '2025-04-01T00:00:00Z', '2026-03-31T23:30:00Z', '2026-04-01T00:00:01Z', '2026-11-22T09:00:00Z'];
  const ids: number[] = [];
  const steps: string[] = [];
  const check = async (step: string) => {
    steps.push(step);
    expect(await keptCounts(db), steps.join(' > ')).toEqual(await countedFromRows(db));
  };

  await check('empty');
  for (let step = 0; step < 150; step += 1) {
    const kind = ids.length < 4 ? 0 : Math.floor(random() * 7);
    if (kind === 0) {
      const person = await addUser(db, { role: random() < 0.15 ? 'admin' : 'user', createdAt: pick(moments) });
      ids.push(person.id);
      await check(`add ${person.id}`);
    } else if (kind === 1) {
      // Several employees in one statement.
      const rows = await db
        .insert(users)
        .values([0, 1, 2].map((index) => ({ email: `bulk${step}-${index}@example.com`, passwordHash: 'x', firstName: 'Bulk', lastName: `P${step}${index}`, gender: 'other' as const, levelOfCompetition: 'Beginner' as const, createdAt: new Date(pick(moments)) })))
        .returning({ id: users.id });
      ids.push(...rows.map((row) => row.id));
      await check(`add ${rows.length} at once`);
    } else if (kind === 2) {
      const id = pick(ids);
      await db.update(users).set({ role: random() < 0.5 ? 'admin' : 'user' }).where(eq(users.id, id));
      await check(`role of ${id}`);
    } else if (kind === 3) {
      const id = pick(ids);
      await db.update(users).set({ createdAt: new Date(pick(moments)) }).where(eq(users.id, id));
      await check(`joined of ${id}`);
    } else if (kind === 4) {
      // One to three services of one employee in one statement; half the time an employee connected already.
      const connected = (await db.selectDistinct({ userId: trackerConnections.userId }).from(trackerConnections)).map((row) => row.userId);
      const id = connected.length && random() < 0.5 ? pick(connected) : pick(ids);
      const chosen = services.filter(() => random() < 0.5);
      if (!chosen.length) chosen.push(pick(services));
      await db
        .insert(trackerConnections)
        .values(chosen.map((service) => ({ userId: id, service, accessToken: 'sealed' })))
        .onConflictDoNothing();
      await check(`connect ${id} ${chosen.join(',')}`);
    } else if (kind === 5) {
      const id = pick(ids);
      const chosen = services.filter(() => random() < 0.6);
      if (chosen.length) await db.delete(trackerConnections).where(sql`${trackerConnections.userId} = ${id} and ${inArray(trackerConnections.service, chosen)}`);
      await check(`disconnect ${id} ${chosen.join(',')}`);
    } else {
      // An account deleted: its connections go with it, in one statement of the foreign key.
      const id = ids.splice(Math.floor(random() * ids.length), 1)[0]!;
      await db.delete(users).where(eq(users.id, id));
      await check(`delete ${id}`);
    }
  }
  // The sequence reached the cases it is meant to: employees in several years, a connected employee with two services.
  const final = await countedFromRows(db);
  expect(Object.keys(final.joins).length).toBeGreaterThan(1);
  expect(steps.filter((step) => step.startsWith('delete')).length).toBeGreaterThan(2);
  const [{ multi }] = rowsOf<{ multi: number }>(await db.execute(sql`select count(*)::int as multi from (select user_id from tracker_connections group by 1 having count(*) > 1) m`)) as [{ multi: number }];
  expect(multi).toBeGreaterThan(0);
  expect(steps.filter((step) => step.startsWith('connect')).length).toBeGreaterThan(10);
  // A connection never moves to another employee or service: the counts could not follow it.
  const [connection] = await db.select().from(trackerConnections).limit(1);
  await expect(db.update(trackerConnections).set({ service: 'POLAR' === connection!.service ? 'STRAVA' : 'POLAR' }).where(eq(trackerConnections.userId, connection!.userId))).rejects.toThrow();
  await ctx.app.close();
});

test('parallel transactions connecting and disconnecting one employee count the employee once', async () => {
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const { db } = ctx;
  const person = await addUser(db, {});
  const others = await Promise.all(Array.from({ length: 40 }, () => addUser(db, {})));
  // On PostgreSQL the pool runs these at once; on PGlite one after the other (one connection).
  const connect = (service: (typeof services)[number], also: number[] = []) =>
    db.transaction(async (tx) => {
      await tx.insert(trackerConnections).values([person.id, ...also].map((userId) => ({ userId, service, accessToken: 'sealed' })));
      await tx.execute(sql`select pg_sleep(0.05)`);
    });
  // Two services of the person alone, the third in a bulk statement of 41 employees (the table lock).
  await Promise.all([connect('STRAVA'), connect('FITBIT'), connect('POLAR', others.map((other) => other.id))]);
  expect(await keptCounts(db)).toEqual(await countedFromRows(db));
  expect((await keptCounts(db)).trackers['*']).toBe(41);
  await db.delete(trackerConnections).where(inArray(trackerConnections.userId, others.map((other) => other.id)));
  expect((await keptCounts(db)).trackers['*']).toBe(1);
  const disconnect = (service: (typeof services)[number]) =>
    db.transaction(async (tx) => {
      await tx.delete(trackerConnections).where(sql`${trackerConnections.userId} = ${person.id} and ${trackerConnections.service} = ${service}`);
      await tx.execute(sql`select pg_sleep(0.05)`);
    });
  await Promise.all(services.map(disconnect));
  expect(await keptCounts(db)).toEqual(await countedFromRows(db));
  expect((await keptCounts(db)).trackers['*']).toBeUndefined();
  await ctx.app.close();
});

test('a statement adding or removing a thousand connections at once (a seed, an import) is counted without a lock per employee', async () => {
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const { db } = ctx;
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name, gender, level_of_competition)
    select 'many' || g || '@example.com', 'x', 'Many', 'P' || g, 'other', 'Beginner' from generate_series(1, 1000) g`);
  // The advisory locks the statement's transaction holds: one per employee would be 1,000, and
  // 53,000 of them (the full-size seed) overflowed PostgreSQL's lock table.
  const advisoryLocksAfter = (statement: ReturnType<typeof sql>) =>
    db.transaction(async (tx) => {
      await tx.execute(statement);
      return rowsOf<{ locks: number }>(await tx.execute(sql`select count(*)::int as locks from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`))[0]!.locks;
    });
  expect(
    await advisoryLocksAfter(sql`insert into tracker_connections (user_id, service, access_token)
      select u.id, s.service, 'sealed' from users u cross join (values ('STRAVA'), ('FITBIT')) s(service) where u.id % 2 = 0 or s.service = 'STRAVA'`),
  ).toBeLessThan(64);
  expect(await keptCounts(db)).toEqual(await countedFromRows(db));
  expect((await keptCounts(db)).trackers).toEqual({ '*': 1000, FITBIT: 500, STRAVA: 1000 });
  expect(await advisoryLocksAfter(sql`delete from tracker_connections where service = 'STRAVA'`)).toBeLessThan(64);
  expect(await keptCounts(db)).toEqual(await countedFromRows(db));
  expect((await keptCounts(db)).trackers).toEqual({ '*': 500, FITBIT: 500 });
  await ctx.app.close();
});
