import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ScoringRules } from '@/domain/scoring-rules';

/** Competition year of a date column: 1 April N .. 31 March N+1 -> N. */
const cyOf = (column: string) => sql.raw(`extract(year from (${column} - interval '3 months'))::smallint`);

/** Every scoring row of every user as (user_id, cy, day, points). */
const allScoredDays = (rules: ScoringRules) => sql`
    select user_id, ${cyOf('start_date')} as cy, start_date as day,
           least(sum(moving_time), ${rules.dailyMinutesCap}::int) * ${rules.pointsPerMinute}::int as points,
           sum(moving_time)::int as minutes, 0 as steps, 0 as events
      from activities group by user_id, start_date
    union all
    select user_id, ${cyOf('date')}, date, ${rules.dailySteps}::int, 0, 1, 0 from daily_step_achievements
    union all
    select user_id, ${cyOf('date')}, date, ${rules.event}::int + case when is_in_the_top_three then ${rules.eventTopThree}::int else 0 end, 0, 0, 1
      from event_participations
    union all
    select bonus.user_id, bonus.competition_year, quarter.day, ${rules.quarterlyBonus}::int, 0, 0, 0
      from quarterly_bonuses bonus
      cross join lateral (values
        (bonus.first_quarter, make_date(bonus.competition_year, 6, 30)), (bonus.second_quarter, make_date(bonus.competition_year, 9, 30)),
        (bonus.third_quarter, make_date(bonus.competition_year, 12, 31)), (bonus.fourth_quarter, make_date(bonus.competition_year + 1, 3, 31))
      ) as quarter(flag, day)
      where quarter.flag`;

/**
 * Rebuilds every score row from scratch in set-based statements (bulk imports, the benchmark
 * seed, a change of scoring values). Same rules as recomputeUserYear, grouped by user and year.
 * Run it inside a transaction when the tables are in use.
 */
export const rebuildAllScores = async (db: DbOrTx, rules: ScoringRules) => {
  await db.execute(sql`truncate score_months, score_years`);
  await db.execute(sql`
    insert into score_months (user_id, competition_year, month, points, minutes, steps, events)
    select user_id, cy, extract(month from day)::smallint, sum(points), sum(minutes), sum(steps), sum(events) from (${allScoredDays(rules)}) days
     where points > 0 group by 1, 2, 3`);
  await db.execute(sql`
    insert into score_years (user_id, competition_year, points, last_scored_on, level_of_competition)
    select user_id, cy, sum(points), max(day), competition_level(user_id, cy) from (${allScoredDays(rules)}) days where points > 0 group by 1, 2`);
};
