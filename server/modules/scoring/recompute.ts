import { sql, type SQL } from 'drizzle-orm';
import { competitionYearOf, competitionYearRange } from '@/domain/competition';
import type { DbOrTx } from '../../db/client';
import { quarterEndDays } from '@/domain/scoring-points';
import type { ScoringRules } from '@/domain/scoring-rules';

/**
 * Every scoring row of one user in one competition year between `from` and `to` (SQL date
 * expressions) as (day, points), in SQL. It is the same rule set as `scoreYear` in points.ts (which
 * the tests compare it with). LEAST ignores a NULL cap, so "no cap" needs no branch.
 */
const scoredDays = (userId: number, year: number, rules: ScoringRules, from: SQL, to: SQL) => {
  const q = quarterEndDays(year);
  return sql`
    select start_date as day, least(sum(moving_time), ${rules.dailyMinutesCap}::int) * ${rules.pointsPerMinute}::int as points,
           sum(moving_time)::int as minutes, 0 as steps, 0 as events
      from activities where user_id = ${userId} and start_date between ${from} and ${to}
      group by start_date
    union all
    select date, ${rules.dailySteps}::int, 0, 1, 0
      from daily_step_achievements where user_id = ${userId} and date between ${from} and ${to}
    union all
    select date, ${rules.event}::int + case when is_in_the_top_three then ${rules.eventTopThree}::int else 0 end, 0, 0, 1
      from event_participations where user_id = ${userId} and date between ${from} and ${to}
    union all
    select quarter.day, ${rules.quarterlyBonus}::int, 0, 0, 0
      from quarterly_bonuses bonus
      cross join lateral (values
        (bonus.first_quarter, ${q.firstQuarter}::date), (bonus.second_quarter, ${q.secondQuarter}::date),
        (bonus.third_quarter, ${q.thirdQuarter}::date), (bonus.fourth_quarter, ${q.fourthQuarter}::date)
      ) as quarter(flag, day)
      where bonus.user_id = ${userId} and bonus.competition_year = ${year} and quarter.flag and quarter.day between ${from} and ${to}`;
};

/** The year row (points, last scoring day, level) as an upsert that leaves an unchanged row alone. */
const upsertYear = (userId: number, year: number, points: SQL, lastScoredOn: SQL) => sql`
    insert into score_years (user_id, competition_year, points, last_scored_on, level_of_competition)
    select ${userId}, ${year}, ${points}, ${lastScoredOn}, competition_level(${userId}, ${year})
    on conflict (user_id, competition_year) do update
      set points = excluded.points, last_scored_on = excluded.last_scored_on, level_of_competition = excluded.level_of_competition
      where (score_years.points, score_years.last_scored_on, score_years.level_of_competition)
        is distinct from (excluded.points, excluded.last_scored_on, excluded.level_of_competition)`;

/** Month rows (points and the insights' minutes, steps, events) from `source`, writing only changed ones. */
const upsertMonths = (userId: number, year: number, source: SQL) => sql`
    insert into score_months (user_id, competition_year, month, points, minutes, steps, events)
    select ${userId}, ${year}, month, points, minutes, steps, events from ${source}
    on conflict (user_id, competition_year, month) do update
      set points = excluded.points, minutes = excluded.minutes, steps = excluded.steps, events = excluded.events
      where (score_months.points, score_months.minutes, score_months.steps, score_months.events)
        is distinct from (excluded.points, excluded.minutes, excluded.steps, excluded.events)`;

/**
 * Recomputes the score rows (score_months, score_years) of one user for one whole competition year
 * from the stored rows, in one set-based statement: quarterly bonuses, tracker imports, and the
 * yardstick the tests hold the incremental path (rescoreUserDays) to. Month rows are upserted and
 * only changed ones written (the insight_months triggers then touch only the months that changed).
 */
export const recomputeUserYear = async (tx: DbOrTx, userId: number, competitionYear: number, rules: ScoringRules): Promise<void> => {
  const { start, end } = competitionYearRange(competitionYear);
  await tx.execute(sql`
    with days as (${scoredDays(userId, competitionYear, rules, sql`${start}::date`, sql`${end}::date`)}),
    months as (
      select extract(month from day)::smallint as month, sum(points)::int as points, sum(minutes)::int as minutes,
             sum(steps)::int as steps, sum(events)::int as events
        from days where points > 0 group by 1
    ),
    gone as (
      delete from score_months sm where sm.user_id = ${userId} and sm.competition_year = ${competitionYear}
         and sm.month <> all (array(select month from months))
    ),
    upserted as (${upsertMonths(userId, competitionYear, sql`months`)})
    ${upsertYear(userId, competitionYear, sql`coalesce((select sum(points) from months), 0)`, sql`(select max(day) from days where points > 0)`)}`);
};

/**
 * Rescores the calendar months of one competition year that a write touched, in one statement, and
 * sets the year row from the month rows: the points are the untouched months' stored points plus
 * the touched months' new ones; the last scoring day is the latest scored day from the first touched
 * month to the year's end (every later month is read too), or, when none is left there, the latest
 * scored day of the latest stored month before it. Rows of other months are never read, so a write
 * costs one month of rows, not a year. The result equals recomputeUserYear whenever the untouched
 * months' score_months rows are exact, which every write keeps (property tests compare both with a
 * plain recomputation from the rows).
 */
const rescoreMonths = async (tx: DbOrTx, userId: number, year: number, months: number[], from: string, rules: ScoringRules) => {
  const { end } = competitionYearRange(year);
  const touched = sql`${`{${months.join(',')}}`}::smallint[]`;
  // The first day of a stored month of this competition year (April..December in `year`, January..March after).
  const monthStart = sql`make_date(${year}::int + (month < 4)::int, month, 1)`;
  const before = sql`(select max(${monthStart}) from score_months
      where user_id = ${userId} and competition_year = ${year} and points > 0 and ${monthStart} < ${from}::date)`;
  await tx.execute(sql`
    with days as (${scoredDays(userId, year, rules, sql`${from}::date`, sql`${end}::date`)}),
    touched_months as (
      select extract(month from day)::smallint as month, sum(points)::int as points, sum(minutes)::int as minutes,
             sum(steps)::int as steps, sum(events)::int as events
        from days where points > 0 and extract(month from day)::smallint = any(${touched}) group by 1
    ),
    kept as (
      select points from score_months where user_id = ${userId} and competition_year = ${year} and not (month = any(${touched}))
    ),
    upserted as (${upsertMonths(userId, year, sql`touched_months`)}),
    emptied as (
      delete from score_months where user_id = ${userId} and competition_year = ${year}
        and month = any(${touched}) and month not in (select month from touched_months)
    )
    ${upsertYear(
      userId,
      year,
      sql`(select coalesce(sum(points), 0) from kept) + (select coalesce(sum(points), 0) from touched_months)`,
      sql`coalesce(
        (select max(day) from days where points > 0),
        (select max(day) from (${scoredDays(userId, year, rules, before, sql`${from}::date - 1`)}) earlier where points > 0))`,
    )}`);
};

/**
 * Keeps the standings exact after a write of one user's activities, steps or events on `days`:
 * rescores only the calendar months of those days (rescoreMonths), each competition year once.
 */
export const rescoreUserDays = async (tx: DbOrTx, userId: number, days: string[], rules: ScoringRules): Promise<void> => {
  const byYear = new Map<number, Set<number>>();
  for (const day of days) {
    const year = competitionYearOf(day);
    byYear.set(year, (byYear.get(year) ?? new Set()).add(Number(day.slice(5, 7))));
  }
  for (const [year, monthSet] of byYear) {
    const months = [...monthSet];
    // The touched month that comes first in the competition year (April..March).
    const first = months.reduce((a, b) => ((a + 8) % 12 <= (b + 8) % 12 ? a : b));
    const from = `${first < 4 ? year + 1 : year}-${String(first).padStart(2, '0')}-01`;
    await rescoreMonths(tx, userId, year, months, from, rules);
  }
};
