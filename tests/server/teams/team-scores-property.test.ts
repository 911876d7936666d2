import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { rowsOf } from '../../../server/db/rows';
import { lockUserWrites } from '../../../server/db/user-write-lock';
import { rebuildScores } from '../../../server/modules/scoring/repo';
import { scoringService } from '../../../server/modules/scoring/service';
import { hasQuarterStarted, quarterlyBonusYear, quarters } from '@/domain/competition';
import { quarterEndDays } from '@/domain/scoring-points';
import { defaultScoringRules as rules } from '@/domain/scoring-rules';
import { teamMonthKey, teamMonthRange, teamMonthsToDate } from '@/domain/team-year';
import { toIsoDay } from '@/domain/days';
import { addUser, authHeader } from '../helpers/competition-seed';
import { createTestApp, resetDatabase } from '../helpers/test-app';
import { teamAdmin } from './team-helpers';

/**
 * Team scores against a plain recomputation (docs/product-rules.md#teams): random workouts (logged,
 * edited to another day, deleted), step achievements, events and quarterly bonuses, all through the
 * API; moves between teams and out of every team, archived teams, an address confirmed late, an
 * account deleted, and full rebuilds, while the clock runs through a competition year. After each
 * sequence, every team's total, members and members active this month, each team page's members
 * and months, and the participation of every month to date must equal the sums over the source
 * rows, each day's points given to the team the person was in that day; and team_months, as the
 * writes kept it, must equal what rebuild_scores() computes from scratch.
 */

/** Total points per member, to one decimal; a team without members has 0 (docs/product-rules.md#teams). */
const averagePointsOf = (totalPoints: number, members: number) => (members === 0 ? 0 : Math.round((totalPoints / members) * 10) / 10);

const PEOPLE = 4;
const TEAMS = 3;
const YEAR = 2026;
const START = Date.parse('2026-04-01T09:00:00Z');
const LAST = Date.parse('2027-03-31T09:00:00Z');
const DAY = 86_400_000;
/** This person's address is unconfirmed until a 'confirm' command: they count for no team until then. */
const LATE_CONFIRMER = PEOPLE - 1;

/** Days back from today: today itself often (a move's own day), else up to three weeks. */
const back = fc.oneof(fc.constant(0), fc.constant(1), fc.nat(20));
const person = fc.nat(PEOPLE - 1);

// Moves and workouts weigh most: a move's own day and month are where a split can go wrong.
const command = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 20 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), person, team: fc.option(fc.nat(TEAMS - 1), { nil: null, freq: 4 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('workout' as const), person, back, minutes: fc.integer({ min: 1, max: 300 }) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), back, minutes: fc.integer({ min: 1, max: 300 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('steps' as const), person, back }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('event' as const), person, back, top: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('bonus' as const), person, quarter: fc.nat(3) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('archive' as const), team: fc.nat(TEAMS - 1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('confirm' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('leave' as const), person }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('rebuild' as const) }), weight: 1 },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

type Span = { person: number; team: number; from: string; to: string | null };
type Log = { person: number; day: string; points: number; active: boolean; kind: 'workout' | 'steps' | 'event' | 'bonus'; id: number; minutes?: number };

/** The rule in plain words: a day's points belong to the team the person was in that day. */
const teamOn = (spans: Span[], who: number, day: string) => spans.find((span) => span.person === who && span.from <= day && (span.to === null || day < span.to))?.team ?? null;
const monthOf = (day: string) => day.slice(0, 7);
const sum = (logs: Log[]) => logs.reduce((total, log) => total + log.points, 0);

/** A membership ends on the day of the change; one begun that same day never counted. */
const endSpan = (spans: Span[], span: Span, today: string) => (span.from >= today ? spans.filter((other) => other !== span) : spans.map((other) => (other === span ? { ...other, to: today } : other)));

const moveInModel = (spans: Span[], who: number, team: number | null, today: string) => {
  const open = spans.find((span) => span.person === who && span.to === null);
  if ((open?.team ?? null) === team) return spans;
  const next = open ? endSpan(spans, open, today) : spans;
  return team === null ? next : [...next, { person: who, team, from: today, to: null }];
};

/**
 * team_months as the readers see it: the month rows, and per team the members of its latest year
 * row up to this year (a rebuild writes every team's year row; the writes only the ones that changed).
 */
const teamMonthsTable = async (db: Awaited<ReturnType<typeof createTestApp>>['db']) => ({
  months: rowsOf<Record<string, unknown>>(await db.execute(sql`select * from team_months where month > 0 order by competition_year, team_id, month`)),
  members: rowsOf<Record<string, unknown>>(
    await db.execute(sql`select t.id, coalesce((select tm.members from team_months tm where tm.team_id = t.id and tm.month = 0 and tm.competition_year <= ${YEAR}
                                                 order by tm.competition_year desc limit 1), 0) as members from teams t order by t.id`),
  ),
});

test('team totals, members, participation and team pages equal a plain recomputation after random writes, moves, deletions and rebuilds', async () => {
  // Every team is its own participation row (no merging), so each one's figures are checked.
  const testApp = await createTestApp({ now: new Date(START).toISOString(), config: { teams: { minimumGroupSize: 1, ssoClaim: null } } });
  const { app, db, config, clock } = testApp;
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 15, maxLength: 40 }), async (commands: Command[]) => {
      await resetDatabase(testApp.database); // each run starts empty; the app stays
      clock.set(new Date(START).toISOString());
      const teams = await teamAdmin(testApp);
      const teamIds: number[] = [];
      for (let index = 0; index < TEAMS; index += 1) teamIds.push((await teams.create(`Team ${index}`)).id);
      const people: Array<Awaited<ReturnType<typeof addUser>>> = [];
      for (let index = 0; index < PEOPLE; index += 1) people.push(await addUser(db, index === LATE_CONFIRMER ? { emailConfirmedAt: null } : {}));
      const confirmed = people.map((_, index) => index !== LATE_CONFIRMER);
      const gone = people.map(() => false);
      const archived = new Set<number>();
      const bonusFlags = people.map(() => ({ firstQuarter: false, secondQuarter: false, thirdQuarter: false, fourthQuarter: false }));
      let spans: Span[] = [];
      let logs: Log[] = [];
      const today = () => toIsoDay(clock.now());
      const dayBack = (days: number) => {
        const day = toIsoDay(clock.now().getTime() - days * DAY);
        return day < '2026-04-01' ? '2026-04-01' : day;
      };
      const as = async (who: number) => authHeader(db, people[who]!, config, clock.now());
      const call = async (who: number | 'admin', method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
        const headers = who === 'admin' ? await teams.headers() : await as(who);
        const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
        return response.statusCode === 204 ? null : (response.json() as { id: number });
      };

      // The recomputation: only the leaderboard's people (confirmed employees) count. Checked along
      // the way too, so the member points the API keeps between requests must follow each write.
      const counted = (who: number) => confirmed[who]! && !gone[who]!;
      const checkTeams = async () => {
        const now = today();
        const countedLogs = logs.filter((log) => counted(log.person));
        const countedSpans = spans.filter((span) => counted(span.person));
        const members = (team: number) => people.map((_, who) => who).filter((who) => counted(who) && teamOn(spans, who, now) === team);
        const listed = teamIds.filter((team) => !archived.has(team) || countedSpans.some((span) => span.team === team));
        const expected = listed.map((team) => {
          const current = members(team);
          const active = current.filter((who) => {
            const span = spans.find((candidate) => candidate.person === who && candidate.to === null)!;
            return countedLogs.some((log) => log.person === who && log.active && monthOf(log.day) === monthOf(now) && log.day >= span.from);
          });
          const total = sum(countedLogs.filter((log) => teamOn(spans, log.person, log.day) === team));
          return { teamId: team, totalPoints: total, members: current.length, activeMembers: active.length, averagePoints: averagePointsOf(total, current.length) };
        });

        const headers = await teams.headers();
        const read = async <T,>(url: string) => {
          const response = await app.inject({ method: 'GET', url, headers });
          expect(response.statusCode, response.body).toBe(200);
          return response.json() as T;
        };
        const board = await read<{ rows: Array<{ teamId: number; totalPoints: number; members: number; activeMembers: number; averagePoints: number }> }>('/api/teams');
        const found = board.rows.map(({ teamId, totalPoints, members: count, activeMembers, averagePoints }) => ({ teamId, totalPoints, members: count, activeMembers, averagePoints }));
        expect(found.sort((a, b) => a.teamId - b.teamId)).toEqual(expected);

        for (const team of teamIds) {
          const page = await read<{ members: Array<{ userId: number; points: number }>; months: Array<{ month: string; points: number }> }>(`/api/teams/${team}`);
          const memberPoints = members(team)
            .map((who) => ({ userId: people[who]!.id, points: sum(countedLogs.filter((log) => log.person === who && teamOn(spans, who, log.day) === team)) }))
            .sort((a, b) => b.points - a.points || a.userId - b.userId);
          expect(page.members.map(({ userId, points }) => ({ userId, points })).sort((a, b) => b.points - a.points || a.userId - b.userId)).toEqual(memberPoints);
          for (const { month, points } of page.months) {
            expect(points, `${team} ${month}`).toBe(sum(countedLogs.filter((log) => monthOf(log.day) === month && teamOn(spans, log.person, log.day) === team)));
          }
        }

        // Each person's team and rank in it, as they see it on the leaderboard.
        for (const [who, person] of people.entries()) {
          if (gone[who]) continue;
          const mine = (await (await app.inject({ method: 'GET', url: '/api/teams', headers: await as(who) })).json()) as { myTeam: { teamId: number; rank: number } | null };
          const team = counted(who) ? teamOn(spans, who, now) : null;
          if (team === null || team === undefined) {
            expect(mine.myTeam, `person ${person.id}`).toBeNull();
            continue;
          }
          const pointsOf = (other: number) => sum(countedLogs.filter((log) => log.person === other && teamOn(spans, other, log.day) === team));
          const above = members(team).filter((other) => pointsOf(other) > pointsOf(who)).length;
          expect(mine.myTeam, `person ${person.id}`).toMatchObject({ teamId: team, rank: above + 1 });
        }
      };

      for (const [index, cmd] of commands.entries()) {
        if (index % 5 === 4) await checkTeams();
        if ('person' in cmd && gone[cmd.person]) continue;
        if (cmd.kind === 'advance') {
          clock.set(new Date(Math.min(clock.now().getTime() + cmd.days * DAY, LAST)).toISOString());
        } else if (cmd.kind === 'move') {
          const team = cmd.team === null ? null : teamIds[cmd.team]!;
          if (team !== null && archived.has(team)) continue;
          await teams.assign(people[cmd.person]!.email, team);
          spans = moveInModel(spans, cmd.person, team, today());
        } else if (cmd.kind === 'workout') {
          const day = dayBack(cmd.back);
          const row = await call(cmd.person, 'POST', '/api/user/activity/log', { name: 'Running', movingTime: cmd.minutes, startTime: `${day}T12:00:00.000Z` });
          logs.push({ person: cmd.person, day, points: cmd.minutes * rules.pointsPerMinute, active: true, kind: 'workout', id: row!.id, minutes: cmd.minutes });
        } else if (cmd.kind === 'edit') {
          // Often to another day of the same month: a split month's total stays while its days move.
          const workouts = logs.filter((log) => log.kind === 'workout');
          const log = workouts[cmd.pick % Math.max(workouts.length, 1)];
          if (!log) continue;
          const day = dayBack(cmd.back);
          const minutes = cmd.pick % 2 === 0 ? log.minutes! : cmd.minutes;
          await call(log.person, 'PUT', `/api/user/activity/${log.id}`, { name: 'Running', movingTime: minutes, startDate: day });
          logs = logs.map((other) => (other === log ? { ...log, day, minutes, points: minutes * rules.pointsPerMinute } : other));
        } else if (cmd.kind === 'steps') {
          const day = dayBack(cmd.back);
          const existing = logs.find((log) => log.kind === 'steps' && log.person === cmd.person && log.day === day);
          if (existing) {
            await call(cmd.person, 'DELETE', '/api/user/activity/daily-step-achievement', { date: day });
            logs = logs.filter((log) => log !== existing);
          } else {
            const row = await call(cmd.person, 'POST', '/api/user/activity/daily-step-achievement', { date: day });
            logs.push({ person: cmd.person, day, points: rules.dailySteps, active: true, kind: 'steps', id: row!.id });
          }
        } else if (cmd.kind === 'event') {
          const day = dayBack(cmd.back);
          const row = await call(cmd.person, 'POST', '/api/user/activity/log-event-participation', { name: 'Race', isInTheTopThree: cmd.top, date: day });
          logs.push({ person: cmd.person, day, points: rules.event + (cmd.top ? rules.eventTopThree : 0), active: true, kind: 'event', id: row!.id });
        } else if (cmd.kind === 'bonus') {
          // A bonus counts on its quarter's last day, often still to come: it goes with the team the person is in then.
          const quarter = quarters[cmd.quarter]!;
          if (quarterlyBonusYear(clock.now()) !== YEAR || !hasQuarterStarted(YEAR, quarter, clock.now())) continue;
          const flags = { ...bonusFlags[cmd.person]!, [quarter]: !bonusFlags[cmd.person]![quarter] };
          await call('admin', 'PUT', `/api/users/${people[cmd.person]!.id}/quarterly-bonus`, { newQuarterlyBonusData: flags });
          bonusFlags[cmd.person] = flags;
          const day = quarterEndDays(YEAR)[quarter];
          logs = flags[quarter]
            ? [...logs, { person: cmd.person, day, points: rules.quarterlyBonus, active: false, kind: 'bonus', id: 0 }]
            : logs.filter((log) => !(log.kind === 'bonus' && log.person === cmd.person && log.day === day));
        } else if (cmd.kind === 'delete') {
          const removable = logs.filter((log) => log.kind === 'workout' || log.kind === 'event');
          const log = removable[cmd.pick % Math.max(removable.length, 1)];
          if (!log) continue;
          await call(log.person, 'DELETE', log.kind === 'workout' ? `/api/user/activity/${log.id}` : `/api/user/activity/event-participation/${log.id}`);
          logs = logs.filter((other) => other !== log);
        } else if (cmd.kind === 'archive') {
          const team = teamIds[cmd.team]!;
          if (archived.has(team)) continue;
          await call('admin', 'PUT', `/api/team-admin/teams/${team}/archive`);
          archived.add(team);
          for (const span of spans.filter((candidate) => candidate.team === team && candidate.to === null)) spans = endSpan(spans, span, today());
        } else if (cmd.kind === 'confirm') {
          if (confirmed[LATE_CONFIRMER] || gone[LATE_CONFIRMER]) continue;
          // As the confirmation link does (server/modules/access/confirmation.ts).
          await db.transaction(async (tx) => {
            await lockUserWrites(tx, people[LATE_CONFIRMER]!.id);
            await tx.update(users).set({ emailConfirmedAt: clock.now() }).where(eq(users.id, people[LATE_CONFIRMER]!.id));
            await scoringService().rescoreConfirmed(tx, people[LATE_CONFIRMER]!.id);
          });
          confirmed[LATE_CONFIRMER] = true;
        } else if (cmd.kind === 'leave') {
          await call('admin', 'DELETE', `/api/users/${people[cmd.person]!.id}`);
          gone[cmd.person] = true;
          spans = spans.filter((span) => span.person !== cmd.person);
          logs = logs.filter((log) => log.person !== cmd.person);
        } else {
          // A rebuild replaces every row with the same ones.
          const kept = await teamMonthsTable(db);
          await rebuildScores(db, YEAR, YEAR);
          expect(await teamMonthsTable(db)).toEqual(kept);
        }
      }

      await checkTeams();
      const countedLogs = logs.filter((log) => counted(log.person));
      const countedSpans = spans.filter((span) => counted(span.person));
      const headers = await teams.headers();
      const read = async <T,>(url: string) => {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as T;
      };

      // Participation: whoever belonged to the team on a day of the month, and who of them logged anything while in it.
      for (const month of teamMonthsToDate(YEAR, clock.now())) {
        const key = teamMonthKey(YEAR, month);
        const rows = (await read<{ rows: Array<{ teamId: number | null; members: number; activeMembers: number | null }> }>(`/api/team-admin/participation?month=${month}`)).rows;
        const { first, next } = teamMonthRange(YEAR, month);
        const expectedRows = teamIds
          .map((team) => {
            const inMonth = people
              .map((_, who) => who)
              .filter((who) => countedSpans.some((span) => span.person === who && span.team === team && span.from < next && (span.to === null || span.to > first)));
            const active = inMonth.filter((who) => countedLogs.some((log) => log.person === who && log.active && monthOf(log.day) === key && teamOn(spans, who, log.day) === team));
            return { teamId: team, members: inMonth.length, activeMembers: active.length };
          })
          .filter((row) => row.members > 0);
        expect(rows.map(({ teamId, members: count, activeMembers }) => ({ teamId, members: count, activeMembers })).sort((a, b) => a.teamId! - b.teamId!), key).toEqual(expectedRows);
      }

      // What the writes kept equals what a rebuild computes.
      const kept = await teamMonthsTable(db);
      await rebuildScores(db, YEAR, YEAR);
      expect(await teamMonthsTable(db)).toEqual(kept);
    }),
    // A failure's shrinking stops in time to be reported (with the smallest case found so far)
    // before the test's timeout: a timed-out body would go on writing to the next file's database.
    { numRuns: 15, skipAllAfterTimeLimit: 300_000 },
  );
  await app.close();
}, 400_000);
