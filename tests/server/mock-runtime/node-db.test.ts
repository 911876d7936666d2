import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixtureUsers } from '../../../mocks/fixtures';
import { openNodeMockDb, type NodeMockDb } from '../../../mocks/runtime/node-db';
import { activities, auditEvents, insightMonths, scoreMonths, scoreYears, users } from '../../../server/db/schema';
import { activityService } from '../../../server/modules/activity/service';
import { fixedClock } from '@/domain/clock';

const countOf = async (db: NodeMockDb['db'], table: typeof activities | typeof scoreMonths | typeof scoreYears | typeof insightMonths | typeof auditEvents) =>
  (await db.select({ n: count() }).from(table))[0]!.n;

describe('the mock database in Node, fixtures only', () => {
  let mock: NodeMockDb;
  beforeAll(async () => {
    mock = await openNodeMockDb();
  }, 120_000);
  afterAll(() => mock.close());

  test('holds the fixture users with ids 1..n and no activity', async () => {
    const rows = await mock.db.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.id));
    expect(rows).toEqual(fixtureUsers.map((fixture, index) => ({ id: index + 1, email: fixture.email })));
    expect(await countOf(mock.db, activities)).toBe(0);
  });

  test('reset takes back every write, and ids start again where the dump left them', async () => {
    const service = activityService({ db: mock.db, clock: fixedClock(new Date().toISOString()) });
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();
    const logged = await service.log(2, { name: 'Running', movingTime: 30, startTime: yesterday } as never);
    await mock.db.update(users).set({ firstName: 'Beatrix' }).where(eq(users.email, 'bea@wellness.test'));
    const [added] = await mock.db.insert(users).values({ email: 'new@wellness.test', passwordHash: 'x', firstName: 'N', lastName: 'N', gender: 'other', levelOfCompetition: 'Beginner' }).returning({ id: users.id });
    expect(added!.id).toBe(fixtureUsers.length + 1);
    expect(await countOf(mock.db, scoreYears)).toBe(1);

    await mock.reset();

    expect(await countOf(mock.db, activities)).toBe(0);
    expect(await countOf(mock.db, scoreYears)).toBe(0);
    const bea = await mock.db.select({ firstName: users.firstName }).from(users).where(eq(users.email, 'bea@wellness.test'));
    expect(bea).toEqual([{ firstName: 'Bea' }]);
    expect((await mock.db.select({ n: count() }).from(users))[0]!.n).toBe(fixtureUsers.length);
    const [again] = await mock.db.insert(users).values({ email: 'new@wellness.test', passwordHash: 'x', firstName: 'N', lastName: 'N', gender: 'other', levelOfCompetition: 'Beginner' }).returning({ id: users.id });
    expect(again!.id).toBe(fixtureUsers.length + 1);
    const [activity] = await mock.db.insert(activities).values({ userId: 2, name: 'Yoga', movingTime: 10, startAt: new Date(yesterday), startDate: yesterday.slice(0, 10) }).returning({ id: activities.id });
    expect(activity!.id).toBe(logged.id);
    await mock.reset();
  });

  test('a reset is fast enough to run before every test', async () => {
    const rounds = 20;
    const began = performance.now();
    for (let round = 0; round < rounds; round += 1) await mock.reset();
    const perReset = (performance.now() - began) / rounds;
    console.info(`mock database reset: ${perReset.toFixed(1)} ms`);
    // Two shared cores under other suites: the bar is generous here; docs/performance.md has the quiet figure.
    expect(perReset).toBeLessThan(250);
  });
});

describe('the mock database in Node, with the demo activity', () => {
  let mock: NodeMockDb;
  beforeAll(async () => {
    mock = await openNodeMockDb({ dump: 'demo' });
  }, 120_000);
  afterAll(() => mock.close());

  test('the demo activity is scored, and a reset restores the scores and insights as dumped', async () => {
    const seeded = { activities: await countOf(mock.db, activities), months: await countOf(mock.db, scoreMonths), insights: await countOf(mock.db, insightMonths), audit: await countOf(mock.db, auditEvents) };
    expect(seeded.activities).toBeGreaterThan(0);
    expect(await countOf(mock.db, scoreYears)).toBe(fixtureUsers.filter((fixture) => fixture.role === 'user').length);
    expect(seeded.months).toBeGreaterThan(0);

    await mock.db.delete(activities);
    await mock.db.delete(users).where(eq(users.email, 'eli@wellness.test'));
    await mock.reset();

    expect({ activities: await countOf(mock.db, activities), months: await countOf(mock.db, scoreMonths), insights: await countOf(mock.db, insightMonths), audit: await countOf(mock.db, auditEvents) }).toEqual(seeded);
  });
});
