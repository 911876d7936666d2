import { levels, type LevelOfCompetition } from '@/contract/common';
import { CompetitionOverview, MyProgress } from '@/contract/insights';
import { insightMonthsOf, medianOf, rankAmong } from '@/domain/insights';
import { levelInYearOf } from '@/domain/leaders-year';
import { insightMonths, quarterlyBonuses, scoreMonths, scoreYears, trackerConnections, userLevels, users } from '../../../server/db/schema';
import type { Db } from '../../../server/db/client';
import { monthParamsOf } from '../../../server/modules/insights/month-params';
import { findOverviewJson, findProgressJsons } from '../../../server/modules/insights/repo';
import { createTestApp } from '../helpers/test-app';
import { addUser, logActivity, logEvent, logSteps } from '../helpers/competition-seed';
import { trackerProviders, type ProviderSource } from '@/contract/tracker-providers';
import { rescoreUserYear } from '../../../server/modules/scoring/repo';

/*
 * The insights answers are JSON text written by PostgreSQL (server/modules/insights/repo.ts) and
 * sent as they are. Here each one is compared, as text, with the same answer built in TypeScript
 * from the same rows (insight_months, score_months, the levels, tracker connections, users)
 * with the domain's rules (insightMonthsOf, rankAmong, medianOf, levelInYearOf) and
 * JSON.stringify: same keys in the contract's order, same numbers written the same way. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

type Rows = Awaited<ReturnType<typeof readRows>>;

const readRows = async (db: Db) => ({
  groups: await db.select().from(insightMonths),
  months: await db.select().from(scoreMonths),
  levels: await db.select().from(userLevels),
  users: await db.select().from(users),
  trackers: await db.select().from(trackerConnections),
  years: await db.select().from(scoreYears),
});

const expectedOverview = (rows: Rows, year: number, now: Date): CompetitionOverview => {
  const yearEnd = new Date(`${year + 1}-04-01T00:00:00Z`);
  const scoredIn = (userId: number) => rows.years.some((row) => row.userId === userId && row.competitionYear === year);
  return {
    competitionYear: year,
    months: insightMonthsOf(year, now).map(({ key, month }) => {
      const groups = rows.groups.filter((group) => group.competitionYear === year && group.month === month);
      const sum = (pick: (group: (typeof groups)[number]) => number, of = groups) => of.reduce((total, group) => total + pick(group), 0);
      return {
        month: key,
        // Those who logged something an admin may see: not a bonus alone, not Strava imports.
        activeEmployees: rows.months.filter(
          (row) =>
            row.competitionYear === year && row.month === month && row.role === 'user' && row.confirmed && row.levelOfCompetition !== null && (row.minutes > row.stravaMinutes || row.steps > 0 || row.events > 0),
        ).length,
        minutesByLevel: Object.fromEntries(levels.map((level) => [level, sum((group) => group.minutes, groups.filter((group) => group.levelOfCompetition === level))])) as CompetitionOverview['months'][number]['minutesByLevel'],
        eventParticipations: sum((group) => group.events),
        stepAchievements: sum((group) => group.steps),
      };
    }),
    trackers: {
      ...Object.fromEntries(trackerProviders.map((provider) => [provider.source, rows.trackers.filter((row) => row.service === provider.apiType).length])) as Record<ProviderSource, number>,
      connectedEmployees: new Set(rows.trackers.map((row) => row.userId)).size,
      employees: rows.users.filter((user) => user.role === 'user' && (user.createdAt < yearEnd || scoredIn(user.id))).length,
    },
  };
};

const expectedProgress = (rows: Rows, userId: number, year: number, now: Date): MyProgress => {
  const user = rows.users.find((row) => row.id === userId)!;
  const level = levelInYearOf(
    rows.levels.filter((row) => row.userId === userId),
    year,
    user.levelOfCompetition as LevelOfCompetition,
  );
  return {
    competitionYear: year,
    levelOfCompetition: level,
    months: insightMonthsOf(year, now).map(({ key, month }) => {
      const mine = rows.months.find((row) => row.userId === userId && row.competitionYear === year && row.month === month);
      const group = rows.groups.find((row) => row.competitionYear === year && row.levelOfCompetition === level && row.month === month && row.employees > 0);
      return {
        month: key,
        minutes: mine?.minutes ?? 0,
        points: mine?.points ?? 0,
        rank: mine && group ? rankAmong(mine.points, group.sortedPoints) : null,
        competitors: group?.employees ?? 0,
        levelMedian: group ? medianOf(group.sortedPoints) : 0,
      };
    }),
  };
};

test('the progress and overview JSON written by the database equal the answers built in TypeScript from the same rows', async () => {
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const { db } = ctx;
  const admin = await addUser(db, { role: 'admin' });
  const b1 = await addUser(db, { level: 'Beginner' });
  const b2 = await addUser(db, { level: 'Beginner' });
  const b3 = await addUser(db, { level: 'Beginner' });
  const idle = await addUser(db, { level: 'Beginner' });
  const i1 = await addUser(db, { level: 'Intermediate', levels: { 2025: 'Advanced', 2026: 'Intermediate' } });
  const i2 = await addUser(db, { level: 'Intermediate' });
  const e1 = await addUser(db, { level: 'Elite' });
  // Only a Q2 bonus (scored on 30 September): points that month, but no activity of theirs.
  const bonused = await addUser(db, { level: 'Elite' });
  await db.insert(quarterlyBonuses).values({ userId: bonused.id, competitionYear: 2026, secondQuarter: true });
  await rescoreUserYear(db, bonused.id, 2026);
  // April 2026, Beginners: three scorers (odd: the middle one is the median); May: two (even: the
  // mean of the middle two, 37.5 here); June: nobody at all; 2025 a past year of 12 months.
  await logActivity(db, b1.id, '2026-04-03', 30);
  await logActivity(db, b2.id, '2026-04-05', 45);
  await logActivity(db, b3.id, '2026-04-07', 61);
  await logActivity(db, b1.id, '2026-05-10', 20);
  await logActivity(db, b2.id, '2026-05-11', 55);
  await logSteps(db, b2.id, '2026-04-06');
  await logEvent(db, b2.id, '2026-07-02', true);
  await logActivity(db, b1.id, '2025-07-01', 40);
  await logActivity(db, b1.id, '2026-01-15', 15);
  await logActivity(db, i1.id, '2025-12-01', 25);
  await logActivity(db, i1.id, '2026-11-02', 50);
  await logActivity(db, i2.id, '2026-11-03', 50);
  await logActivity(db, e1.id, '2026-08-08', 90);
  await logEvent(db, e1.id, '2027-02-01');
  await logActivity(db, admin.id, '2026-04-03', 100);
  await db.insert(trackerConnections).values([
    { userId: b1.id, service: 'STRAVA', accessToken: 'sealed' },
    { userId: b1.id, service: 'FITBIT', accessToken: 'sealed' },
    { userId: i2.id, service: 'FITBIT', accessToken: 'sealed' },
  ]);
  // Around the end of competition year 2025 (UTC): the last second of it, and the first of 2026.
  const lastNight = await addUser(db, { level: 'Beginner', createdAt: '2026-03-31T23:59:59Z' });
  const newcomer = await addUser(db, { level: 'Beginner', createdAt: '2026-04-01T00:00:00Z' });
  // Joined after competition year 2025 ended, with a backdated activity in it: an employee of 2025 too.
  const late = await addUser(db, { level: 'Advanced', createdAt: '2026-05-01T09:00:00Z' });
  await logActivity(db, late.id, '2026-02-11', 35);
  const employees = [b1, b2, b3, idle, i1, i2, e1, bonused, lastNight, newcomer, late];

  const compare = async (now: Date) => {
    const rows = await readRows(db);
    for (const year of [2024, 2025, 2026]) {
      const months = monthParamsOf(year, now);
      const overview = await findOverviewJson(db, year, months);
      expect(overview).toBe(JSON.stringify(expectedOverview(rows, year, now)));
      expect(CompetitionOverview.strict().parse(JSON.parse(overview))).toEqual(expectedOverview(rows, year, now));
      for (const employee of employees) {
        const [progress] = await findProgressJsons(db, [employee.id], year, months);
        expect(progress).toBe(JSON.stringify(expectedProgress(rows, employee.id, year, now)));
        expect(MyProgress.strict().parse(JSON.parse(progress!))).toEqual(expectedProgress(rows, employee.id, year, now));
      }
      // One statement for several employees (a tick's batch): each answer in its caller's place,
      // repeats included, equal to that employee's own answer.
      const batch = [...employees, ...employees.slice(0, 2)].reverse().map((employee) => employee.id);
      expect(await findProgressJsons(db, batch, year, months)).toEqual(batch.map((id) => JSON.stringify(expectedProgress(rows, id, year, now))));
    }
  };

  // The current year up to November, then (February 2027) up to February of the next calendar year.
  await compare(new Date('2026-11-22T10:00:00Z'));
  await compare(new Date('2027-02-10T10:00:00Z'));

  // The seed reaches the cases it is meant to: an odd and an even group, a half-point median, a
  // month nobody scored in, an employee without points, a tie and the admin left out.
  const rows = await readRows(db);
  const now = new Date('2026-11-22T10:00:00Z');
  const beginners = expectedProgress(rows, b1.id, 2026, now).months;
  expect(beginners.slice(0, 3).map(({ competitors, levelMedian }) => [competitors, levelMedian])).toEqual([
    [3, 61],
    [2, 37.5],
    [0, 0],
  ]);
  expect(expectedProgress(rows, idle.id, 2026, now).months.every((month) => month.points === 0 && month.rank === null)).toBe(true);
  expect(expectedProgress(rows, i2.id, 2026, now).months.at(-1)).toMatchObject({ rank: 1, competitors: 2 });
  expect(expectedProgress(rows, i1.id, 2025, now).levelOfCompetition).toBe('Advanced');
  const overview = expectedOverview(rows, 2026, now);
  expect(overview.months[0]).toMatchObject({ activeEmployees: 3, stepAchievements: 1 });
  expect(overview.months[2]!.activeEmployees).toBe(0);
  expect(overview.trackers).toEqual({ strava: 1, fitbit: 2, polar: 0, connectedEmployees: 2, employees: 11 });
  // 2025: the eight, the one who joined on its last night and the late one who scored in it.
  expect(expectedOverview(rows, 2025, now).trackers.employees).toBe(10);
  // September: the bonus alone scores (the Elite group has a member) but nobody was active.
  expect(rows.groups.find((group) => group.competitionYear === 2026 && group.month === 9)?.employees).toBe(1);
  expect(overview.months[5]).toMatchObject({ month: '2026-09', activeEmployees: 0 });
  expect(expectedOverview(rows, 2025, now).months).toHaveLength(12);
  await ctx.app.close();
});
