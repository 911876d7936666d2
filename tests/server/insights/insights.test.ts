import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { levels, type LevelOfCompetition } from '@/contract/common';
import { CompetitionOverview, MyProgress } from '@/contract/insights';
import { competitionYearOf, competitionYearRange } from '@/domain/competition';
import { insightMonthsOf, medianOf, rankAmong } from '@/domain/insights';
import { levelInYearOf } from '@/domain/leaders-year';
import { scoreYear } from '@/domain/scoring-points';
import { activities, dailyStepAchievements, eventParticipations, trackerConnections, userLevels, users } from '../../../server/db/schema';
import { emailConfirmationTokens } from '../../../server/db/access-schema';
import { sha256 } from '../../../server/http/tokens';
import { rebuildScores } from '../../../server/modules/scoring/repo';
import { rescoreUserYear } from '../../../server/modules/scoring/repo';
import { scoringService } from '../../../server/modules/scoring/service';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';
import { trackerProviders, type ProviderSource } from '@/contract/tracker-providers';

/*
 * GET /insights/progress and /insights/overview read insight_months (migration 0013, kept by
 * triggers on score_months). Whatever happens to the rows (writes, deletions, level and role
 * changes, addresses confirmed, deleted users, a rebuild), both answers must equal a recomputation
 * from the rows themselves with the reference scorer. Like the leaderboard, the figures count
 * confirmed employees only (docs/product-rules.md#progress-charts-and-overview).
 */

const NOW = '2026-11-22T10:00:00Z';
const now = new Date(NOW);
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The expected answers, computed from the source rows in TypeScript. */
const recompute = async ({ db }: TestApp, year: number) => {
  const everyone = (await db.select().from(users)).filter((user) => user.role === 'user');
  const allLevels = await db.select().from(userLevels);
  const allActivities = await db.select().from(activities);
  const allSteps = await db.select().from(dailyStepAchievements);
  const allEvents = await db.select().from(eventParticipations);
  const { start, end } = competitionYearRange(year);
  const inYear = (day: string) => day >= start && day <= end;
  const people = everyone.map((user) => {
    const mine = <T extends { userId: number }>(rows: T[]) => rows.filter((row) => row.userId === user.id);
    const score = scoreYear({ activities: mine(allActivities), steps: mine(allSteps), events: mine(allEvents) }, year);
    const count = (days: string[], month: number) => days.filter((day) => inYear(day) && Number(day.slice(5, 7)) === month).length;
    const months = new Map(
      [...score.monthlyPoints].map(([month, points]) => [
        month,
        {
          points,
          minutes: mine(allActivities).filter((row) => inYear(row.startDate) && Number(row.startDate.slice(5, 7)) === month).reduce((sum, row) => sum + row.movingTime, 0),
          // Strava imports are shown to their athlete only: the admin overview leaves their minutes out (docs/product-rules.md#privacy).
          sharedMinutes: mine(allActivities)
            .filter((row) => inYear(row.startDate) && Number(row.startDate.slice(5, 7)) === month && row.source !== 'strava')
            .reduce((sum, row) => sum + row.movingTime, 0),
          steps: count(mine(allSteps).map((row) => row.date), month),
          events: count(mine(allEvents).map((row) => row.date), month),
        },
      ]),
    );
    return { user, level: levelInYearOf(mine(allLevels), year, user.levelOfCompetition as LevelOfCompetition), months };
  });
  // The leaderboard's people: an unconfirmed account is in no rank, count or median, and has no rank itself.
  const listed = people.filter((person) => person.user.emailConfirmedAt !== null);
  const progressOf = (userId: number): MyProgress => {
    const me = people.find((person) => person.user.id === userId)!;
    const peers = listed.filter((person) => person.level === me.level);
    return {
      competitionYear: year,
      levelOfCompetition: me.level,
      months: insightMonthsOf(year, now).map(({ key, month }) => {
        const scores = peers.flatMap((person) => (person.months.has(month) ? [person.months.get(month)!.points] : []));
        const mine = me.months.get(month);
        const rank = mine && me.user.emailConfirmedAt !== null ? rankAmong(mine.points, scores) : null;
        return { month: key, minutes: mine?.minutes ?? 0, points: mine?.points ?? 0, rank, competitors: scores.length, levelMedian: medianOf(scores) };
      }),
    };
  };
  const connections = await db.select().from(trackerConnections);
  const overview: CompetitionOverview = {
    competitionYear: year,
    months: insightMonthsOf(year, now).map(({ key, month }) => {
      const active = listed.filter((person) => person.months.has(month));
      const sum = (pick: 'sharedMinutes' | 'steps' | 'events', of = active) => of.reduce((total, person) => total + person.months.get(month)![pick], 0);
      return {
        month: key,
        activeEmployees: active.filter((person) => {
          const facts = person.months.get(month)!;
          return facts.sharedMinutes > 0 || facts.steps > 0 || facts.events > 0;
        }).length,
        minutesByLevel: Object.fromEntries(levels.map((level) => [level, sum('sharedMinutes', active.filter((person) => person.level === level))])) as CompetitionOverview['months'][number]['minutesByLevel'],
        eventParticipations: sum('events'),
        stepAchievements: sum('steps'),
      };
    }),
    trackers: {
      ...Object.fromEntries(trackerProviders.map((provider) => [provider.source, connections.filter((row) => row.service === provider.apiType).length])) as Record<ProviderSource, number>,
      connectedEmployees: new Set(connections.map((row) => row.userId)).size,
      // Employees who existed in the year: joined before its end, or scored in it.
      employees: people.filter(({ user, months }) => user.createdAt < new Date(`${year + 1}-04-01T00:00:00Z`) || months.size > 0).length,
    },
  };
  return { people, progressOf, overview };
};

const expectAnswersEqualRecomputation = async (ctx: TestApp, admin: { id: number; role: 'admin' }) => {
  // Everyone at once, both years mixed: the reads of one turn share statements (tick-batch.ts)
  // and each caller must still get their own answer of their own year.
  const expectedOf = new Map([2025, 2026].map((year) => [year, recompute(ctx, year)] as const));
  const people = (await expectedOf.get(2026)!).people;
  const calls = [2025, 2026].flatMap((year) => people.map(({ user }) => ({ user, year })));
  const answers = await Promise.all(
    calls.map(async ({ user, year }) => ctx.app.inject({ method: 'GET', url: `/api/insights/progress?competitionYear=${year}`, headers: await authHeader(ctx.db, user, ctx.config, now) })),
  );
  for (const [index, { user, year }] of calls.entries()) {
    expect(answers[index]!.statusCode).toBe(200);
    expect(MyProgress.strict().parse(answers[index]!.json())).toEqual((await expectedOf.get(year)!).progressOf(user.id));
  }
  // Overviews of both years at once: the calls of one year share one statement and its answer.
  const overviewYears = [2025, 2026, 2026, 2025, 2026];
  const adminHeaders = await authHeader(ctx.db, admin, ctx.config, now);
  const overviews = await Promise.all(overviewYears.map((year) => ctx.app.inject({ method: 'GET', url: `/api/insights/overview?competitionYear=${year}`, headers: adminHeaders })));
  for (const [index, year] of overviewYears.entries()) {
    expect(overviews[index]!.statusCode).toBe(200);
    expect(CompetitionOverview.strict().parse(overviews[index]!.json())).toEqual((await expectedOf.get(year)!).overview);
  }
  for (const year of [2025, 2026]) {
    const expected = await recompute(ctx, year);
    for (const { user } of expected.people) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/insights/progress?competitionYear=${year}`, headers: await authHeader(ctx.db, user, ctx.config, now) });
      expect(response.statusCode).toBe(200);
      expect(MyProgress.strict().parse(response.json())).toEqual(expected.progressOf(user.id));
    }
    const overview = await ctx.app.inject({ method: 'GET', url: `/api/insights/overview?competitionYear=${year}`, headers: await authHeader(ctx.db, admin, ctx.config, now) });
    expect(overview.statusCode).toBe(200);
    expect(CompetitionOverview.strict().parse(overview.json())).toEqual(expected.overview);
  }
};

const day = fc.record({ year: fc.constantFrom(2025, 2026, 2026), month: fc.constantFrom(4, 5, 10, 11, 1), date: fc.integer({ min: 1, max: 28 }) }).map(({ year, month, date }) => {
  const calendarYear = month >= 4 ? year : year + 1;
  const iso = `${calendarYear}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  return iso > NOW.slice(0, 10) ? `2026-04-${String(date).padStart(2, '0')}` : iso;
});
const who = fc.integer({ min: 0, max: 5 });
const operation = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('activity' as const), who, day, minutes: fc.integer({ min: 1, max: 90 }), source: fc.constantFrom('manual' as const, 'strava' as const, 'fitbit' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('steps' as const), who, day }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('event' as const), who, day, top: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteActivity' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('level' as const), who, level: fc.constantFrom(...levels) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('role' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeUser' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tracker' as const), who, service: fc.constantFrom('STRAVA' as const, 'FITBIT' as const) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'rebuild' as const }) },
);

test('progress and overview equal a recomputation from the rows after any sequence of writes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 16 }), async (operations) => {
      const ctx = await createTestApp({ now: NOW });
      const { db } = ctx;
      const admin = (await addUser(db, { role: 'admin' })) as { id: number; role: 'admin' };
      // Two have not opened their confirmation link yet (self-made accounts).
      const people = [
        await addUser(db, { level: 'Beginner' }),
        await addUser(db, { level: 'Beginner', emailConfirmedAt: null }),
        await addUser(db, { level: 'Beginner', levels: { 2025: 'Intermediate' } }),
        await addUser(db, { level: 'Intermediate' }),
        await addUser(db, { level: 'Intermediate', emailConfirmedAt: null }),
        await addUser(db, { level: 'Elite' }),
      ];
      const gone = new Set<number>();
      for (const op of operations) {
        if (op.kind === 'rebuild') {
          await rebuildScores(db, 2000, 2100);
          continue;
        }
        const person = people[op.who]!;
        if (gone.has(person.id)) continue;
        if (op.kind === 'activity') await logActivity(db, person.id, op.day, op.minutes, { source: op.source });
        if (op.kind === 'steps') {
          const [existing] = await db.select().from(dailyStepAchievements).where(and(eq(dailyStepAchievements.userId, person.id), eq(dailyStepAchievements.date, op.day)));
          if (!existing) await logSteps(db, person.id, op.day);
        }
        if (op.kind === 'event') await logEvent(db, person.id, op.day, op.top);
        if (op.kind === 'deleteActivity') {
          const [first] = await db.select().from(activities).where(eq(activities.userId, person.id)).limit(1);
          if (first) {
            await db.delete(activities).where(eq(activities.id, first.id));
            await rescoreUserYear(db, person.id, competitionYearOf(first.startDate));
          }
        }
        // A level or role change rescores the years it moves, as the profile and admin writes do.
        if (op.kind === 'level') {
          await db
            .insert(userLevels)
            .values({ userId: person.id, competitionYear: 2026, levelOfCompetition: op.level })
            .onConflictDoUpdate({ target: [userLevels.userId, userLevels.competitionYear], set: { levelOfCompetition: op.level } });
          await db.transaction((tx) => scoringService().rescoreLevelChange(tx, person.id, 2026));
        }
        if (op.kind === 'role') {
          await db.update(users).set({ role: 'admin' }).where(eq(users.id, person.id));
          for (const year of [2025, 2026]) await rescoreUserYear(db, person.id, year);
        }
        // The confirmation link, opened as the mail's reader does.
        if (op.kind === 'confirm') {
          const token = `confirm-${person.id}-${Math.random()}`;
          await db.insert(emailConfirmationTokens).values({ userId: person.id, email: person.email, tokenHash: sha256(token), expiresAt: new Date('2030-01-01T00:00:00Z') });
          const opened = await ctx.app.inject({ method: 'POST', url: '/api/access/confirm-email', payload: { token } });
          expect(opened.statusCode).toBe(200);
        }
        if (op.kind === 'removeUser') {
          await db.delete(users).where(eq(users.id, person.id));
          gone.add(person.id);
        }
        if (op.kind === 'tracker') await db.insert(trackerConnections).values({ userId: person.id, service: op.service, accessToken: 'sealed' }).onConflictDoNothing();
      }
      await expectAnswersEqualRecomputation(ctx, admin);
      await ctx.app.close();
    }),
    {
      numRuns: 10,
      examples: [
        // Found by CI: the first level row of an account is also the level of its earlier years, so
        // a level change must rescore those years too (scoringService().rescoreLevelChange).
        [[{ kind: 'activity', who: 0, day: '2025-04-01', minutes: 1, source: 'manual' }, { kind: 'level', who: 0, level: 'Intermediate' }, { kind: 'steps', who: 1, day: '2025-04-01' }]],
        // An unconfirmed account that scored, then confirmed: its months join the groups of both years.
        [[{ kind: 'activity', who: 1, day: '2026-05-03', minutes: 50, source: 'manual' }, { kind: 'activity', who: 0, day: '2026-05-04', minutes: 20, source: 'manual' }, { kind: 'steps', who: 1, day: '2025-04-02' }, { kind: 'confirm', who: 1 }]],
      ],
    },
  );
}, 240_000);

test('only employees read their progress, only admins the overview; past and future years', async () => {
  const ctx = await createTestApp({ now: NOW });
  const admin = await addUser(ctx.db, { role: 'admin' });
  const employee = await addUser(ctx.db);
  await logActivity(ctx.db, employee.id, '2026-06-02', 40);
  const get = async (url: string, person?: { id: number; role: 'admin' | 'user' }) =>
    ctx.app.inject({ method: 'GET', url, headers: person ? await authHeader(ctx.db, person, ctx.config, now) : {} });
  expect((await get('/api/insights/progress')).statusCode).toBe(401);
  expect((await get('/api/insights/overview')).statusCode).toBe(401);
  expect((await get('/api/insights/progress', admin)).statusCode).toBe(403);
  expect((await get('/api/insights/overview', employee)).statusCode).toBe(403);
  expect((await get('/api/insights/overview?competitionYear=2027', admin)).statusCode).toBe(400);
  const june = (await get('/api/insights/progress', employee)).json<MyProgress>().months[2];
  expect(june).toEqual({ month: '2026-06', minutes: 40, points: 40, rank: 1, competitors: 1, levelMedian: 40 });
  await ctx.app.close();
});

/*
 * Employees of one level writing at once, while an admin renames one and moves another to another
 * level: every change of insight_months takes its year's lock first, so on
 * PostgreSQL (CI's second pass) nobody deadlocks (no 5xx) and the answers still equal the rows.
 */
test('parallel writers of one level and admin level changes: no 5xx, answers equal the rows', async () => {
  const ctx = await createTestApp({ now: NOW });
  const admin = (await addUser(ctx.db, { role: 'admin' })) as { id: number; role: 'admin' };
  const people = await Promise.all(Array.from({ length: 8 }, () => addUser(ctx.db, { level: 'Intermediate' })));
  const as = async (person: { id: number; role: 'admin' | 'user' }, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    ctx.app.inject({ method, url, payload: payload as object, headers: await authHeader(ctx.db, person, ctx.config, now) });
  const update = (person: (typeof people)[number], changes: object) =>
    as(admin, 'PUT', `/api/users/${person.id}`, { firstName: person.firstName, lastName: person.lastName, dateOfBirth: '1990-01-01', gender: 'other', levelOfCompetition: 'Intermediate', ...changes });
  const responses = await Promise.all([
    ...people.flatMap((person, index) =>
      ['2026-11-02', '2026-10-15', '2026-06-03'].map((date, round) =>
        as(person, 'POST', '/api/user/activity/log', { name: 'Running', movingTime: 10 + index * 7 + round, startTime: `${date}T07:00:00.000Z` }),
      ),
    ),
    ...people.slice(0, 4).map((person, index) => as(person, 'POST', '/api/user/activity/daily-step-achievement', { date: `2026-11-1${index}` })),
    update(people[0]!, { firstName: 'Renamed' }),
    update(people[1]!, { levelOfCompetition: 'Elite' }),
    update(people[2]!, { levelOfCompetition: 'Beginner', lastName: 'Moved' }),
  ]);
  expect(responses.filter((response) => response.statusCode >= 300).map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
  await expectAnswersEqualRecomputation(ctx, admin);
  await ctx.app.close();
}, 120_000);

test('the admin overview leaves Strava minutes out; the athlete still sees them in their own progress', async () => {
  const ctx = await createTestApp({ now: NOW });
  const admin = (await addUser(ctx.db, { role: 'admin' })) as { id: number; role: 'admin' };
  const athlete = await addUser(ctx.db, { level: 'Advanced' });
  await logActivity(ctx.db, athlete.id, '2026-11-02', 40, { source: 'strava', name: 'Morning ride' });
  await logActivity(ctx.db, athlete.id, '2026-11-03', 25, { source: 'fitbit' });
  await logActivity(ctx.db, athlete.id, '2026-11-04', 10);
  const overview = (await ctx.app.inject({ method: 'GET', url: '/api/insights/overview?competitionYear=2026', headers: await authHeader(ctx.db, admin, ctx.config, now) })).json() as CompetitionOverview;
  expect(overview.months.find((month) => month.month === '2026-11')!.minutesByLevel.Advanced).toBe(35);
  const progress = (await ctx.app.inject({ method: 'GET', url: '/api/insights/progress?competitionYear=2026', headers: await authHeader(ctx.db, athlete, ctx.config, now) })).json() as MyProgress;
  expect(progress.months.find((month) => month.month === '2026-11')).toMatchObject({ minutes: 75, points: 75 });
  // A rebuild keeps it so.
  await rebuildScores(ctx.db, 2026, 2026);
  const rebuilt = (await ctx.app.inject({ method: 'GET', url: '/api/insights/overview?competitionYear=2026', headers: await authHeader(ctx.db, admin, ctx.config, now) })).json() as CompetitionOverview;
  expect(rebuilt.months.find((month) => month.month === '2026-11')!.minutesByLevel.Advanced).toBe(35);
  await ctx.app.close();
});

test('an unconfirmed account counts in no colleague\'s rank, competitors or median, and has no rank itself, until it confirms', async () => {
  const ctx = await createTestApp({ now: NOW });
  const colleague = await addUser(ctx.db, { level: 'Advanced' });
  const stranger = await addUser(ctx.db, { level: 'Advanced', emailConfirmedAt: null });
  await logActivity(ctx.db, colleague.id, '2026-11-02', 30);
  await logActivity(ctx.db, stranger.id, '2026-11-03', 90);
  const november = async (person: { id: number; role: 'admin' | 'user' }) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/insights/progress?competitionYear=2026', headers: await authHeader(ctx.db, person, ctx.config, now) })).json<MyProgress>().months.find((month) => month.month === '2026-11');
  // Like the leaderboard (docs/product-rules.md#privacy): the stranger's 90 points are nowhere in the colleague's figures.
  expect(await november(colleague)).toEqual({ month: '2026-11', minutes: 30, points: 30, rank: 1, competitors: 1, levelMedian: 30 });
  expect(await november(stranger)).toEqual({ month: '2026-11', minutes: 90, points: 90, rank: null, competitors: 1, levelMedian: 30 });

  const token = 'the-link-of-the-mail';
  await ctx.db.insert(emailConfirmationTokens).values({ userId: stranger.id, email: stranger.email, tokenHash: sha256(token), expiresAt: new Date('2030-01-01T00:00:00Z') });
  expect((await ctx.app.inject({ method: 'POST', url: '/api/access/confirm-email', payload: { token } })).statusCode).toBe(200);
  expect(await november(colleague)).toEqual({ month: '2026-11', minutes: 30, points: 30, rank: 2, competitors: 2, levelMedian: 60 });
  expect(await november(stranger)).toEqual({ month: '2026-11', minutes: 90, points: 90, rank: 1, competitors: 2, levelMedian: 60 });
  await ctx.app.close();
});
