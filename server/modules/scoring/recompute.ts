import { sql } from 'drizzle-orm';
import { competitionYearRange } from '@/domain/competition';
import type { DbOrTx } from '../../db/client';
import { quarterEndDays } from '@/domain/scoring-points';
import type { ScoringRules } from '@/domain/scoring-rules';

/**
 * Every scoring row of one user and competition year as (day, points), in SQL. It is the same
 * rule set as `scoreYear` in points.ts (which the tests compare it with). LEAST ignores a NULL
 * cap, so "no cap" needs no branch.
 */
const scoredDays = (userId: number, year: number, rules: ScoringRules) => {
  const { start, end } = competitionYearRange(year);
  const q = quarterEndDays(year);
  return sql`
    select start_date as day, least(sum(moving_time), ${rules.dailyMinutesCap}::int) * ${rules.pointsPerMinute}::int as points,
           sum(moving_time)::int as minutes, 0 as steps, 0 as events
      from activities where user_id = ${userId} and start_date between ${start}::date and ${end}::date
      group by start_date
    union all
    select date, ${rules.dailySteps}::int, 0, 1, 0
      from daily_step_achievements where user_id = ${userId} and date between ${start}::date and ${end}::date
    union all
    select date, ${rules.event}::int + case when is_in_the_top_three then ${rules.eventTopThree}::int else 0 end, 0, 0, 1
      from event_participations where user_id = ${userId} and date between ${start}::date and ${end}::date
    union all
    select quarter.day, ${rules.quarterlyBonus}::int, 0, 0, 0
      from quarterly_bonuses bonus
      cross join lateral (values
        (bonus.first_quarter, ${q.firstQuarter}::date), (bonus.second_quarter, ${q.secondQuarter}::date),
        (bonus.third_quarter, ${q.thirdQuarter}::date), (bonus.fourth_quarter, ${q.fourthQuarter}::date)
      ) as quarter(flag, day)
      where bonus.user_id = ${userId} and bonus.competition_year = ${year} and quarter.flag`;
};

/**
 * Recomputes the score rows (score_months, score_years) of one user for one competition year
 * from the stored rows, in two set-based statements. Every write that changes points (activity,
 * steps, event, quarterly bonus) calls this inside its own transaction, so standings change at once
 * and exactly once: the score rows are always a function of the rows, never an increment.
 * Month rows are upserted and only changed ones written (the insight_months triggers then touch
 * only the groups of the months that changed), months that no longer score are deleted.
 */
export const recomputeUserYear = async (tx: DbOrTx, userId: number, competitionYear: number, rules: ScoringRules): Promise<void> => {
  await tx.execute(sql`
    with days as (${scoredDays(userId, competitionYear, rules)}),
    months as (
      select extract(month from day)::smallint as month, sum(points)::int as points, sum(minutes)::int as minutes,
             sum(steps)::int as steps, sum(events)::int as events
        from days where points > 0 group by 1
    ),
    gone as (
      delete from score_months sm where sm.user_id = ${userId} and sm.competition_year = ${competitionYear}
         and sm.month <> all (array(select month from months))
    )
    insert into score_months (user_id, competition_year, month, points, minutes, steps, events)
    select ${userId}, ${competitionYear}, month, points, minutes, steps, events from months
    on conflict (user_id, competition_year, month) do update
      set points = excluded.points, minutes = excluded.minutes, steps = excluded.steps, events = excluded.events
      where (score_months.points, score_months.minutes, score_months.steps, score_months.events)
        is distinct from (excluded.points, excluded.minutes, excluded.steps, excluded.events)`);
  await tx.execute(sql`
    with days as (${scoredDays(userId, competitionYear, rules)})
    insert into score_years (user_id, competition_year, points, last_scored_on, level_of_competition)
    select ${userId}, ${competitionYear}, coalesce((select sum(points) from days where points > 0), 0), (select max(day) from days where points > 0),
           competition_level(${userId}, ${competitionYear})
    on conflict (user_id, competition_year) do update
      set points = excluded.points, last_scored_on = excluded.last_scored_on, level_of_competition = excluded.level_of_competition`);
};
