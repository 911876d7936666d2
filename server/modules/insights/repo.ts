import { sql } from 'drizzle-orm';
import { levels } from '@/contract/common';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { rawStatement } from '../../db/raw-statement';
import type { MonthParams } from './month-params';

const year = sql.placeholder('year');
/** The chart's months in order (month-params.ts): `YYYY-MM` keys and their calendar month numbers. */
const monthsOfChart = sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('months')}::int[]) with ordinality k(key, month, ord)`;

/**
 * Several employees' MyProgress JSON, each written whole by PostgreSQL (the route sends it as it
 * is), in one statement: the service joins the progress calls of one event-loop turn
 * (tick-batch.ts), and a lone call is a batch of one. Per employee (the `users` array, answered in
 * its order, repeats allowed) one row per chart month (the parameters, in order) with two
 * primary-key probes: the employee's score_months row and the level's insight_months group
 * (migration 0014), whose sorted points make the rank one binary search (width_bucket counts the
 * scorers at or below the employee; not called, so the array is not read, in a month the employee
 * did not score) and whose median is a column computed when the group is written (migration 0023).
 * The level is competition_level() (migration 0002) written out: a SQL function call is planned
 * again on every call, the statement's own subqueries once (generic plan); `offset 0` keeps the
 * level one value (without it the subqueries are copied to both uses). Numbers are cast to text
 * explicitly; the median is float8, whose text is JSON's number text (720, 60.5). Key order is the
 * contract's.
 */
const progressStatement = rawStatement(
  'insights_progress_json',
  sql`select (select '{"competitionYear":' || ${year}::int::text || ',"levelOfCompetition":' || to_json(l.level)::text || ',"months":[' || (
        select string_agg('{"month":"' || k.key || '","minutes":' || coalesce(s.minutes, 0)::text || ',"points":' || coalesce(s.points, 0)::text
                 || ',"rank":' || coalesce((i.employees - width_bucket(s.points, i.sorted_points) + 1)::text, 'null')
                 || ',"competitors":' || coalesce(i.employees, 0)::text
                 || ',"levelMedian":' || coalesce(i.level_median, 0)::text
                 || '}', ',' order by k.ord)
          from ${monthsOfChart}
          left join score_months s on s.user_id = b.user_id and s.competition_year = ${year}::int and s.month = k.month
          left join insight_months i on i.competition_year = ${year}::int and i.level_of_competition = l.level and i.month = k.month and i.employees > 0
      ) || ']}'
      from (select coalesce(
              (select ul.level_of_competition from user_levels ul where ul.user_id = b.user_id and ul.competition_year <= ${year}::int
                order by ul.competition_year desc limit 1),
              (select ul.level_of_competition from user_levels ul where ul.user_id = b.user_id order by ul.competition_year asc limit 1),
              (select u.level_of_competition from users u where u.id = b.user_id),
              'Beginner') as level
            offset 0) l)
      from unnest(${sql.placeholder('users')}::int[]) with ordinality b(user_id, ord)
      order by b.ord`,
);

/** The employees' answers in the order of `userIds` (one per id, repeats allowed). */
export const findProgressJsons = async (db: DbOrTx, userIds: readonly number[], competitionYear: number, months: MonthParams): Promise<string[]> => {
  const rows = (await progressStatement(db, { users: `{${userIds.join(',')}}`, year: competitionYear, keys: months.keys, months: months.months })) as [string][];
  return rows.map(([json]) => json);
};

/** A month without any group (nobody scored): its stored body would read all zeros. */
const emptyMonthBody = `"activeEmployees":0,"minutesByLevel":{${levels.map((level) => `"${level}":0`).join(',')}},"eventParticipations":0,"stepAchievements":0}`;

/**
 * The year's CompetitionOverview JSON, written whole by PostgreSQL, and whether the year is filled
 * (leaders/year-rows.ts: then score_year_counts count every employee). Each chart month (the
 * parameters, in order) is one primary-key probe of insight_month_totals (migration 0022: the
 * month's JSON body summed over the levels' insight_months groups, rewritten by every write that
 * touches the month), so no call sums groups; tracker connection counts now (tracker_counts,
 * migration 0015: one row kept by a trigger); employees of the year from score_year_counts. One
 * round trip.
 */
const overviewStatement = rawStatement(
  'insights_overview_json',
  sql`select f.filled, '{"competitionYear":' || ${year}::int::text || ',"months":[' || (
        select string_agg('{"month":"' || k.key || '",' || coalesce(o.body, ${emptyMonthBody}::text), ',' order by k.ord)
          from ${monthsOfChart}
          left join insight_month_totals o on o.competition_year = ${year}::int and o.month = k.month
      ) || '],"trackers":{"strava":' || coalesce(t.strava, 0)::text || ',"fitbit":' || coalesce(t.fitbit, 0)::text
        || ',"connectedEmployees":' || coalesce(t.connected_users, 0)::text
        || ',"employees":' || (select coalesce(sum(c.employees), 0) from score_year_counts c where c.competition_year = ${year}::int)::text || '}}'
      from (select exists (select 1 from score_year_fills f where f.competition_year = ${year}::int) as filled) f
      left join tracker_counts t on t.id`,
);

export const findOverviewJson = async (db: DbOrTx, competitionYear: number, months: MonthParams): Promise<{ filled: boolean; json: string }> => {
  const [[filled, json]] = (await overviewStatement(db, { year: competitionYear, keys: months.keys, months: months.months })) as [[unknown, string]];
  return { filled: filled === true || filled === 't', json };
};

export const insightsRepo = repoOf({ findProgressJsons, findOverviewJson });
