import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { pickRow, useMigratedPglite } from './support/migrated-pglite';
import { activities, dailyStepAchievements, eventParticipations, quarterlyBonuses, scoreMonths, scoreYears, userLevels, users } from '../../server/db/schema';
import { levelInYearOf } from '@/domain/leaders-year';
import { leadersService } from '../../server/modules/leaders/service';
import { scoreYear, type ScoringInput } from '@/domain/scoring-points';
import { rescoreUserYear } from '../../server/modules/scoring/repo';
import { scoringService } from '../../server/modules/scoring/service';
import { levels, type LevelOfCompetition } from '@/contract/common';
import { competitionYearOf } from '@/domain/competition';
import { LeaderList, TopLeaders } from '@/contract/leaders';

/**
 * The scoring twin check: the SQL scoring definition (server/db/functions/scoring.sql) and its
 * TypeScript twin the mocks use (scoreYear, src/domain/scoring-points.ts) on the same random data.
 * Random sequences of creates, updates and deletes over several users and years are written to real
 * tables (PGlite) and rescored after each write as the write endpoints do (rescore_user_months for the
 * touched months; a level change or a bonus rescores the user's years). After every write and every
 * sequence, every stored score and leaderboard figure must equal scoreYear over the rows.
 */

const NOW = new Date('2027-02-15T12:00:00Z'); // competition year 2026, monthly column = February
const USERS = 4;
const day = fc.constantFrom('2025-03-31', '2025-04-01', '2025-12-31', '2026-02-10', '2026-03-31', '2026-04-01', '2026-06-30', '2026-09-15', '2027-01-05', '2027-02-15');

const command = fc.oneof(
  fc.record({ kind: fc.constant('addActivity' as const), user: fc.nat(USERS - 1), day, minutes: fc.integer({ min: 1, max: 1440 }) }),
  fc.record({ kind: fc.constant('updateActivity' as const), pick: fc.nat(), day, minutes: fc.integer({ min: 1, max: 1440 }) }),
  fc.record({ kind: fc.constant('deleteActivity' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('toggleSteps' as const), user: fc.nat(USERS - 1), day }),
  fc.record({ kind: fc.constant('addEvent' as const), user: fc.nat(USERS - 1), day, top: fc.boolean() }),
  fc.record({ kind: fc.constant('deleteEvent' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('setLevel' as const), user: fc.nat(USERS - 1), year: fc.constantFrom(2024, 2025, 2026), level: fc.constantFrom(...levels) }),
  fc.record({ kind: fc.constant('setBonus' as const), user: fc.nat(USERS - 1), year: fc.constantFrom(2024, 2025, 2026), flags: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const migrated = useMigratedPglite();


const apply = async (db: Database['db'], ids: number[], cmd: Command) => {
  const touched: Array<[number, string]> = [];
  if (cmd.kind === 'addActivity') {
    await db.insert(activities).values({ userId: ids[cmd.user]!, name: 'Run', movingTime: cmd.minutes, startAt: new Date(`${cmd.day}T06:00:00Z`), startDate: cmd.day });
    touched.push([ids[cmd.user]!, cmd.day]);
  } else if (cmd.kind === 'updateActivity' || cmd.kind === 'deleteActivity') {
    const row = pickRow(await db.select().from(activities).orderBy(activities.id), cmd.pick);
    if (!row) return [];
    touched.push([row.userId, row.startDate]);
    if (cmd.kind === 'deleteActivity') await db.delete(activities).where(eq(activities.id, row.id));
    else {
      await db.update(activities).set({ startDate: cmd.day, startAt: new Date(`${cmd.day}T06:00:00Z`), movingTime: cmd.minutes }).where(eq(activities.id, row.id));
      touched.push([row.userId, cmd.day]);
    }
  } else if (cmd.kind === 'toggleSteps') {
    const where = and(eq(dailyStepAchievements.userId, ids[cmd.user]!), eq(dailyStepAchievements.date, cmd.day));
    const existing = await db.select().from(dailyStepAchievements).where(where);
    if (existing.length) await db.delete(dailyStepAchievements).where(where);
    else await db.insert(dailyStepAchievements).values({ userId: ids[cmd.user]!, date: cmd.day });
    touched.push([ids[cmd.user]!, cmd.day]);
  } else if (cmd.kind === 'addEvent') {
    await db.insert(eventParticipations).values({ userId: ids[cmd.user]!, name: 'Race', date: cmd.day, isInTheTopThree: cmd.top });
    touched.push([ids[cmd.user]!, cmd.day]);
  } else if (cmd.kind === 'deleteEvent') {
    const row = pickRow(await db.select().from(eventParticipations).orderBy(eventParticipations.id), cmd.pick);
    if (!row) return [];
    await db.delete(eventParticipations).where(eq(eventParticipations.id, row.id));
    touched.push([row.userId, row.date]);
  } else if (cmd.kind === 'setLevel') {
    await db
      .insert(userLevels)
      .values({ userId: ids[cmd.user]!, competitionYear: cmd.year, levelOfCompetition: cmd.level })
      .onConflictDoUpdate({ target: [userLevels.userId, userLevels.competitionYear], set: { levelOfCompetition: cmd.level } });
    // A year's level is also the level of later years without their own row.
    for (const year of [2024, 2025, 2026]) await rescoreUserYear(db, ids[cmd.user]!, year);
  } else {
    const [firstQuarter, secondQuarter, thirdQuarter, fourthQuarter] = cmd.flags;
    const flags = { firstQuarter, secondQuarter, thirdQuarter, fourthQuarter };
    await db.insert(quarterlyBonuses).values({ userId: ids[cmd.user]!, competitionYear: cmd.year, ...flags }).onConflictDoUpdate({ target: [quarterlyBonuses.userId, quarterlyBonuses.competitionYear], set: flags });
    await rescoreUserYear(db, ids[cmd.user]!, cmd.year);
  }
  // As the write endpoints do: the touched months only (rescore_user_months).
  for (const userId of new Set(touched.map(([id]) => id))) {
    await scoringService().rescoreDays(db, userId, touched.filter(([id]) => id === userId).map(([, date]) => date));
  }
  return touched;
};

/** The straightforward recomputation: read the rows back, score them in TypeScript. */
const expectedScores = async (db: Database['db'], userId: number, year: number) => {
  const input: ScoringInput = {
    activities: await db.select().from(activities).where(eq(activities.userId, userId)),
    steps: await db.select().from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, userId)),
    events: await db.select().from(eventParticipations).where(eq(eventParticipations.userId, userId)),
    bonus: (await db.select().from(quarterlyBonuses).where(and(eq(quarterlyBonuses.userId, userId), eq(quarterlyBonuses.competitionYear, year))))[0],
  };
  return scoreYear(input, year);
};

/** The stored score rows of one user and year equal the plain recomputation. */
const expectStoredScores = async (db: Database['db'], userId: number, year: number) => {
  const want = await expectedScores(db, userId, year);
  const [stored] = await db.select().from(scoreYears).where(and(eq(scoreYears.userId, userId), eq(scoreYears.competitionYear, year)));
  expect(stored?.points ?? 0).toBe(want.annualPoints);
  if (want.annualPoints > 0) expect(stored?.lastScoredOn).toBe(want.lastScoredOn);
  const months = await db.select().from(scoreMonths).where(and(eq(scoreMonths.userId, userId), eq(scoreMonths.competitionYear, year)));
  expect(new Map(months.map((row) => [row.month, row.points]))).toEqual(want.monthlyPoints);
};

test('every leaderboard figure equals a recomputation from the rows', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.constantFrom(...levels), { minLength: USERS, maxLength: USERS }), fc.array(command, { maxLength: 14 }), async (startLevels, commands) => {
      const { db } = migrated();
      await db.execute(sql`truncate users restart identity cascade`);
      const inserted = await db
        .insert(users)
        .values(
          startLevels.map((level, index) => ({
            email: `p${index}@example.com`,
            passwordHash: 'x',
            firstName: `F${index}`,
            lastName: `L${index}`,
            gender: 'other' as const,
            levelOfCompetition: level as LevelOfCompetition,
            // Employees since before the first year checked: every list of 2024-2026 shows them.
            createdAt: new Date('2024-01-01T00:00:00Z'),
          })),
        )
        .returning();
      const ids = inserted.map((row) => row.id);
      for (const cmd of commands) {
        // After every write, its own score rows are exact at once (a later write must not hide a slip).
        for (const [userId, date] of await apply(db, ids, cmd)) await expectStoredScores(db, userId, competitionYearOf(date));
      }

      for (const year of [2024, 2025, 2026]) {
        const levelRows = await db.select().from(userLevels);
        const expected = await Promise.all(
          ids.map(async (id, index) => ({
            id,
            level: levelInYearOf(levelRows.filter((row) => row.userId === id), year, startLevels[index]!),
            ...(await expectedScores(db, id, year)),
          })),
        );
        // Stored score rows.
        for (const user of expected) {
          const [stored] = await db.select().from(scoreYears).where(and(eq(scoreYears.userId, user.id), eq(scoreYears.competitionYear, year)));
          expect(stored?.points ?? 0).toBe(user.annualPoints);
          if (user.annualPoints > 0) expect(stored?.lastScoredOn).toBe(user.lastScoredOn);
          const months = await db.select().from(scoreMonths).where(and(eq(scoreMonths.userId, user.id), eq(scoreMonths.competitionYear, year)));
          expect(new Map(months.map((row) => [row.month, row.points]))).toEqual(user.monthlyPoints);
        }
        // Top leaders, read as the SPA reads them.
        const top = TopLeaders.parse(JSON.parse((await leadersService({ db, clock: { now: () => NOW } }).top(year)).json));
        for (const level of levels) {
          const want = expected
            .filter((user) => user.level === level && user.annualPoints > 0)
            .sort((a, b) => b.annualPoints - a.annualPoints || a.lastScoredOn!.localeCompare(b.lastScoredOn!) || a.id - b.id)
            .slice(0, 10)
            .map((user) => [user.id, user.annualPoints]);
          expect(top[level].map((leader) => [leader.userId, leader.annualPoints])).toEqual(want);
        }
        // Admin list: annual and monthly (February now, March for past years).
        const month = year === 2026 ? 2 : 3;
        const list = LeaderList.parse(JSON.parse((await leadersService({ db, clock: { now: () => NOW } }).list({ competitionYear: year, limit: 100, offset: 0 })).json));
        expect(list.count).toBe(USERS);
        // Per level (the level of that year, as the rows say).
        for (const level of levels) {
          const ofLevel = LeaderList.parse(JSON.parse((await leadersService({ db, clock: { now: () => NOW } }).list({ competitionYear: year, levelOfCompetition: level, limit: 1, offset: 0 })).json));
          expect(ofLevel.count).toBe(expected.filter((user) => user.level === level).length);
        }
        for (const user of expected) {
          const row = list.rows.find((candidate) => candidate.userId === user.id)!;
          expect([row.annualPoints, row.monthlyPoints, row.levelOfCompetition]).toEqual([user.annualPoints, user.monthlyPoints.get(month) ?? 0, user.level]);
        }
        expect(list.rows.map((row) => row.annualPoints)).toEqual([...list.rows.map((row) => row.annualPoints)].sort((a, b) => b - a));
      }
    }),
    { numRuns: 40 },
  );
}, 300_000);
