import { defaultScoringRules, type ScoringRules } from '@/domain/scoring-rules';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { pickRow, useMigratedPglite } from './support/migrated-pglite';
import { activities, dailyStepAchievements, eventParticipations, quarterlyBonuses, scoreMonths, scoreYears, users } from '../../server/db/schema';
import { scoreYear } from '@/domain/scoring-points';
import { recomputeUserYear, rescoreUserDays } from '../../server/modules/scoring/recompute';
import { competitionYearOf } from '@/domain/competition';

/**
 * The write endpoints rescore only the calendar months a write touched (rescoreUserDays) and take
 * the other months from score_months. One employee, long random sequences of writes over a few
 * months of two competition years (first, quarter-end and last days included): after EVERY write
 * the stored months and year row must equal a plain recomputation from the rows in TypeScript,
 * so no slip can be hidden by a later write.
 */

const day = fc.constantFrom('2026-03-31', '2026-04-01', '2026-04-20', '2026-05-02', '2026-06-30', '2026-09-30', '2026-11-05', '2026-11-30', '2027-01-10', '2027-03-31', '2027-04-01');
const command = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('add' as const), day, minutes: fc.integer({ min: 1, max: 400 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), day, minutes: fc.integer({ min: 1, max: 400 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('steps' as const), day }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('event' as const), day, top: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('dropEvent' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('bonus' as const), year: fc.constantFrom(2025, 2026), flags: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }) }), weight: 1 },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const migrated = useMigratedPglite();


/** Applies one write as the endpoints do; returns the days it touched. */
const apply = async (db: Database['db'], userId: number, cmd: Command, rules: ScoringRules): Promise<string[]> => {
  const at = (d: string) => ({ startAt: new Date(`${d}T06:00:00Z`), startDate: d });
  let days: string[] = [];
  if (cmd.kind === 'add') {
    await db.insert(activities).values({ userId, name: 'Run', movingTime: cmd.minutes, ...at(cmd.day) });
    days = [cmd.day];
  } else if (cmd.kind === 'move' || cmd.kind === 'delete') {
    const row = pickRow(await db.select().from(activities).orderBy(activities.id), cmd.pick);
    if (!row) return [];
    if (cmd.kind === 'delete') await db.delete(activities).where(eq(activities.id, row.id));
    else await db.update(activities).set({ movingTime: cmd.minutes, ...at(cmd.day) }).where(eq(activities.id, row.id));
    days = cmd.kind === 'delete' ? [row.startDate] : [row.startDate, cmd.day];
  } else if (cmd.kind === 'steps') {
    const where = and(eq(dailyStepAchievements.userId, userId), eq(dailyStepAchievements.date, cmd.day));
    if ((await db.select().from(dailyStepAchievements).where(where)).length) await db.delete(dailyStepAchievements).where(where);
    else await db.insert(dailyStepAchievements).values({ userId, date: cmd.day });
    days = [cmd.day];
  } else if (cmd.kind === 'event') {
    await db.insert(eventParticipations).values({ userId, name: 'Race', date: cmd.day, isInTheTopThree: cmd.top });
    days = [cmd.day];
  } else if (cmd.kind === 'dropEvent') {
    const row = pickRow(await db.select().from(eventParticipations).orderBy(eventParticipations.id), cmd.pick);
    if (!row) return [];
    await db.delete(eventParticipations).where(eq(eventParticipations.id, row.id));
    days = [row.date];
  } else {
    const [firstQuarter, secondQuarter, thirdQuarter, fourthQuarter] = cmd.flags as [boolean, boolean, boolean, boolean];
    const flags = { firstQuarter, secondQuarter, thirdQuarter, fourthQuarter };
    await db.insert(quarterlyBonuses).values({ userId, competitionYear: cmd.year, ...flags }).onConflictDoUpdate({ target: [quarterlyBonuses.userId, quarterlyBonuses.competitionYear], set: flags });
    await recomputeUserYear(db, userId, cmd.year, rules);
    return [`${cmd.year}-04-01`];
  }
  await rescoreUserDays(db, userId, days, rules);
  return days;
};

const expectExact = async (db: Database['db'], userId: number, year: number, rules: ScoringRules) => {
  const want = scoreYear(
    {
      activities: await db.select().from(activities).where(eq(activities.userId, userId)),
      steps: await db.select().from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, userId)),
      events: await db.select().from(eventParticipations).where(eq(eventParticipations.userId, userId)),
      bonus: (await db.select().from(quarterlyBonuses).where(and(eq(quarterlyBonuses.userId, userId), eq(quarterlyBonuses.competitionYear, year))))[0],
    },
    year,
    rules,
  );
  const [stored] = await db.select().from(scoreYears).where(and(eq(scoreYears.userId, userId), eq(scoreYears.competitionYear, year)));
  const months = await db.select().from(scoreMonths).where(and(eq(scoreMonths.userId, userId), eq(scoreMonths.competitionYear, year)));
  expect({ points: stored?.points ?? 0, lastScoredOn: stored?.lastScoredOn ?? null, months: new Map(months.map((row) => [row.month, row.points])) }).toEqual({
    points: want.annualPoints,
    lastScoredOn: want.lastScoredOn,
    months: want.monthlyPoints,
  });
};

test('after every write, rescoring only the touched months leaves the same score rows as a full recomputation', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), fc.constantFrom(null, 90), async (commands, cap) => {
      const rules = { ...defaultScoringRules, dailyMinutesCap: cap };
      const { db } = migrated();
      await db.execute(sql`truncate users restart identity cascade`);
      const [user] = await db.insert(users).values({ email: 'one@example.com', passwordHash: 'x', firstName: 'One', lastName: 'User', gender: 'other', levelOfCompetition: 'Beginner' }).returning();
      for (const cmd of commands) {
        for (const year of new Set((await apply(db, user!.id, cmd, rules)).map(competitionYearOf))) await expectExact(db, user!.id, year, rules);
      }
    }),
    { numRuns: 60 },
  );
}, 300_000);
