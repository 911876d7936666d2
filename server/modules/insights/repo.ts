import { sql } from 'drizzle-orm';
import { levels } from '@/contract/common';
import { trackerProviders } from '@/contract/tracker-providers';
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
 * The groups count the leaderboard's people only (confirmed addresses, migration 0032); an employee
 * not yet confirmed is in none, so has no rank (their score row says so: no extra read).
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
                 || ',"rank":' || coalesce(case when s.confirmed then (i.employees - width_bucket(s.points, i.sorted_points) + 1)::text end, 'null')
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

/**
 * The year's CompetitionOverview JSON, written whole by PostgreSQL in one round trip from kept
 * counts (docs/architecture.md#derived-state-and-its-keepers), as counting at request time read
 * 100,000 users and a year's score_months at full size. Each chart month (the parameters, in order)
 * sums the levels' insight_months groups of that month (at most four primary-key rows), their
 * active employees included (those who logged something the admin may see, not a bonus alone).
 * Tracker connections are the counts of now (tracker_counts; '*' is connected employees). Employees
 * are those (role user) who existed in the year: joined before its end (employee_joins, by the year
 * of joining, in UTC), or joined later and scored in it (few, and none in the current year).
 * Levels in the contract's order.
 */
const overviewStatement = rawStatement(
  'insights_overview_json',
  sql`select '{"competitionYear":' || ${year}::int::text || ',"months":[' || (
        select string_agg(m.body, ',' order by m.ord) from (
          select k.ord, '{"month":"' || k.key || '","activeEmployees":' || coalesce(sum(i.active), 0)::text
                 || ',"minutesByLevel":{' || ${sql.raw(levels.map((level) => `'"${level}":' || coalesce(sum(i.minutes) filter (where i.level_of_competition = '${level}'), 0)::text`).join(" || ',' || "))}
                 || '},"eventParticipations":' || coalesce(sum(i.events), 0)::text || ',"stepAchievements":' || coalesce(sum(i.steps), 0)::text || '}' as body
            from ${monthsOfChart}
            left join insight_months i on i.competition_year = ${year}::int and i.month = k.month
           group by k.key, k.ord) m
      ) || '],"trackers":{' || ${sql.raw(trackerProviders.map((provider) => `'"${provider.source}":' || coalesce((select t.connections from tracker_counts t where t.service = '${provider.apiType}'), 0)::text || ','`).join(' || '))}
        || '"connectedEmployees":' || coalesce((select t.connections from tracker_counts t where t.service = '*'), 0)::text
        || ',"employees":' || ((select coalesce(sum(j.employees), 0) from employee_joins j where j.competition_year <= ${year}::int)
             + (select count(*) from users u where u.role = 'user' and u.created_at >= (competition_year_first_day(${year}::int + 1)::timestamp at time zone 'UTC')
                  and exists (select 1 from score_years sy where sy.user_id = u.id and sy.competition_year = ${year}::int)))::text || '}}'`,
);

export const findOverviewJson = async (db: DbOrTx, competitionYear: number, months: MonthParams): Promise<string> => {
  const [[json]] = (await overviewStatement(db, { year: competitionYear, keys: months.keys, months: months.months })) as [[string]];
  return json;
};

export const insightsRepo = repoOf({ findProgressJsons, findOverviewJson });
