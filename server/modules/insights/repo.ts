import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { rawStatement } from '../../db/raw-statement';

const user = sql.placeholder('user');
const year = sql.placeholder('year');

export type ProgressRow = { month: number; points: number; minutes: number; competitors: number; rank: number | null; median: number; level: string };

/**
 * One employee's months with their level's month: points and minutes from score_months, rank and
 * median from insight_months (migration 0014), whose sorted points make the rank one binary search
 * (width_bucket counts the scorers at or below the caller) and the median two array reads. The
 * level is competition_level() (migration 0002) written out: a SQL function call is planned again
 * on every call (3 ms), the statement's own subqueries once (generic plan). The months come back as
 * two small JSON arrays, each one primary-key range (the user's year in score_months, the level's
 * year in insight_months), matched here: a row per requested month joined in SQL took 16 probes
 * and a sort (about a third more time in PostgreSQL).
 */
const progressStatement = rawStatement(
  'insights_progress_months',
  sql`select l.level,
        (select coalesce(json_agg(json_build_array(s.month, s.points, s.minutes)), '[]') from score_months s
          where s.user_id = ${user}::int and s.competition_year = ${year}::int),
        (select coalesce(json_agg(json_build_array(i.month, i.employees,
                  case when i.employees > 0 then i.employees - width_bucket(
                    (select s.points from score_months s where s.user_id = ${user}::int and s.competition_year = ${year}::int and s.month = i.month limit 1),
                    i.sorted_points) + 1 end,
                  case when i.employees > 0 then ((i.sorted_points[(i.employees + 1) / 2] + i.sorted_points[i.employees / 2 + 1]) / 2.0)::float8 else 0 end)), '[]')
          from insight_months i where i.competition_year = ${year}::int and i.level_of_competition = l.level)
      from (select coalesce(
              (select ul.level_of_competition from user_levels ul where ul.user_id = ${user}::int and ul.competition_year <= ${year}::int
                order by ul.competition_year desc limit 1),
              (select ul.level_of_competition from user_levels ul where ul.user_id = ${user}::int order by ul.competition_year asc limit 1),
              (select u.level_of_competition from users u where u.id = ${user}::int)) as level) l`,
);

const parsedJson = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export const findProgress = async (db: DbOrTx, userId: number, competitionYear: number, calendarMonths: number[]): Promise<ProgressRow[]> => {
  const [[level, scored, groups]] = (await progressStatement(db, { user: userId, year: competitionYear })) as [[string | null, unknown, unknown]];
  const scores = new Map(parsedJson<[number, number, number][]>(scored).map(([month, points, minutes]) => [month, { points, minutes }]));
  const levelMonths = new Map(parsedJson<[number, number, number | null, number][]>(groups).map(([month, employees, rank, median]) => [month, { employees, rank, median }]));
  return calendarMonths.map((month) => {
    const score = scores.get(month);
    const group = levelMonths.get(month);
    return {
      month,
      points: score?.points ?? 0,
      minutes: score?.minutes ?? 0,
      competitors: group?.employees ?? 0,
      rank: score && group && group.employees > 0 ? Number(group.rank) : null,
      median: group ? Number(group.median) : 0,
      level: String(level),
    };
  });
};

export type OverviewGroupRow = { month: number; level: string; employees: number; minutes: number; steps: number; events: number };
export type OverviewFacts = { groups: OverviewGroupRow[]; strava: number; fitbit: number; connectedEmployees: number; employees: number; filled: boolean };

/**
 * The year's insight_months groups (at most 48 rows of one primary-key range), the tracker
 * connection counts now (tracker_counts, migration 0015: one row kept by a trigger), and the
 * employees of the year from score_year_counts, which count every employee once the year is
 * filled (leaders/year-rows.ts); `filled` says whether it is. One round trip.
 */
const overviewStatement = rawStatement(
  'insights_overview',
  sql`select coalesce((select json_agg(json_build_array(i.month, i.level_of_competition, i.employees, i.minutes, i.steps, i.events))
                         from insight_months i where i.competition_year = ${year}::int), '[]'),
             coalesce(t.strava, 0), coalesce(t.fitbit, 0), coalesce(t.connected_users, 0),
             (select coalesce(sum(c.employees), 0) from score_year_counts c where c.competition_year = ${year}::int)::int,
             exists (select 1 from score_year_fills f where f.competition_year = ${year}::int)
        from (select true as id) one left join tracker_counts t on t.id`,
);

export const findOverviewFacts = async (db: DbOrTx, competitionYear: number): Promise<OverviewFacts> => {
  const [row] = await overviewStatement(db, { year: competitionYear });
  const [groups, strava, fitbit, connectedEmployees, employees, filled] = row!;
  const parsed = (typeof groups === 'string' ? JSON.parse(groups) : groups) as [number, string, number, number, number, number][];
  return {
    groups: parsed.map(([month, level, employeeCount, minutes, steps, events]) => ({ month, level, employees: employeeCount, minutes, steps, events })),
    strava: Number(strava),
    fitbit: Number(fitbit),
    connectedEmployees: Number(connectedEmployees),
    employees: Number(employees),
    filled: filled === true || filled === 't',
  };
};

export const insightsRepo = repoOf({ findProgress, findOverviewFacts });
