import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { rawStatement } from '../../db/raw-statement';

const user = sql.placeholder('user');
const year = sql.placeholder('year');
const months = sql.placeholder('months');

export type ProgressRow = { month: number; points: number; minutes: number; competitors: number; rank: number | null; median: number; level: string };

/**
 * One employee's months with their level's month: points and minutes from score_months, rank and
 * median from insight_months (migration 0014), whose sorted points make the rank one binary search
 * (width_bucket counts the scorers at or below the caller) and the median two array reads. Every
 * join is a primary-key probe (LATERAL ... limit 1 keeps a generic plan from hash-joining).
 * `months` is the calendar months as text (`4,5,6`): both drivers pass text the same way. The
 * level is competition_level() (migration 0002) written out: a SQL function call is planned again
 * on every call (3 ms), the statement's own subqueries once (generic plan).
 */
const progressStatement = rawStatement(
  'insights_progress',
  sql`select g.month::int, coalesce(sm.points, 0), coalesce(sm.minutes, 0), coalesce(im.employees, 0),
        case when sm.points is not null and im.employees > 0 then im.employees - width_bucket(sm.points, im.sorted_points) + 1 end,
        case when im.employees > 0 then ((im.sorted_points[(im.employees + 1) / 2] + im.sorted_points[im.employees / 2 + 1]) / 2.0)::float8 else 0 end,
        l.level
      from (select coalesce(
              (select ul.level_of_competition from user_levels ul where ul.user_id = ${user}::int and ul.competition_year <= ${year}::int
                order by ul.competition_year desc limit 1),
              (select ul.level_of_competition from user_levels ul where ul.user_id = ${user}::int order by ul.competition_year asc limit 1),
              (select u.level_of_competition from users u where u.id = ${user}::int)) as level) l
      cross join unnest(string_to_array(${months}::text, ',')::int[]) with ordinality as g(month, position)
      left join lateral (select s.points, s.minutes from score_months s
                          where s.user_id = ${user}::int and s.competition_year = ${year}::int and s.month = g.month limit 1) sm on true
      left join lateral (select i.employees, i.sorted_points from insight_months i
                          where i.competition_year = ${year}::int and i.level_of_competition = l.level and i.month = g.month limit 1) im on true
      order by g.position`,
);

export const findProgress = async (db: DbOrTx, userId: number, competitionYear: number, calendarMonths: number[]): Promise<ProgressRow[]> => {
  const rows = await progressStatement(db, { user: userId, year: competitionYear, months: calendarMonths.join(',') });
  return rows.map(([month, points, minutes, competitors, rank, median, level]) => ({
    month: Number(month),
    points: Number(points),
    minutes: Number(minutes),
    competitors: Number(competitors),
    rank: rank === null ? null : Number(rank),
    median: Number(median),
    level: String(level),
  }));
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
