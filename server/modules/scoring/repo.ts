import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { rawStatement } from '../../db/raw-statement';
import { rowsOf } from '../../db/rows';
import type { ScoringRules } from '@/domain/scoring-rules';

/** The scoring SQL (server/db/functions/scoring.sql) called from TypeScript; no rule is written here. */

/** One user's score rows of one competition year, recomputed from the source rows. */
export const rescoreUserYear = async (tx: DbOrTx, userId: number, competitionYear: number) => {
  await tx.execute(sql`select rescore_user_year(${userId}::int, ${competitionYear}::int)`);
};

const rescoreMonthsStatement = rawStatement(
  'rescore_user_months',
  sql`select rescore_user_months(${sql.placeholder('userId')}::int, ${sql.placeholder('year')}::int, ${sql.placeholder('months')}::smallint[])`,
);
/**
 * One user's score rows of the calendar months `months` (1-12) of one competition year, and the
 * year row: after every write of activities, steps and events, so a named statement.
 */
export const rescoreUserMonths = async (tx: DbOrTx, userId: number, competitionYear: number, months: readonly number[]) => {
  await rescoreMonthsStatement(tx, { userId, year: competitionYear, months: `{${months.join(',')}}` });
};

/** The competition years in which the user has score rows. */
export const scoredYearsOf = async (tx: DbOrTx, userId: number) =>
  rowsOf<{ year: number }>(await tx.execute(sql`select competition_year as year from score_years where user_id = ${userId}`)).map((row) => Number(row.year));

/**
 * The scored competition years before `year` that have no level row of their own or earlier: their
 * level is borrowed from the earliest row (levelInYearOf), so a change of `year`'s row moves them too.
 */
export const yearsBorrowingLevelOf = async (tx: DbOrTx, userId: number, year: number) =>
  rowsOf<{ year: number }>(
    await tx.execute(sql`
      select s.competition_year as year from score_years s
      where s.user_id = ${userId} and s.competition_year < ${year}
        and not exists (select 1 from user_levels ul where ul.user_id = s.user_id and ul.competition_year <= s.competition_year)`),
  ).map((row) => Number(row.year));

/** Every score row of the years `from`..`to` rebuilt; the number of year rows written. */
export const rebuildScores = async (tx: DbOrTx, from: number, to: number) => {
  const [row] = rowsOf<{ written: number }>(await tx.execute(sql`select rebuild_scores(${from}::int, ${to}::int) as written`));
  return Number(row?.written ?? 0);
};

/** The first competition year that has any source row (null on an empty database). */
export const firstYearWithRows = async (db: DbOrTx) => {
  const [row] = rowsOf<{ year: number | null }>(
    await db.execute(sql`select competition_year_of(least(
      (select min(start_date) from activities), (select min(date) from daily_step_achievements),
      (select min(date) from event_participations), (select competition_year_first_day(min(competition_year)) from quarterly_bonuses))) as year`),
  );
  return row?.year === null || row?.year === undefined ? null : Number(row.year);
};

type RulesRow = { from_year: number; points_per_minute: number; daily_steps: number; event: number; event_top_three: number; quarterly_bonus: number; daily_minutes_cap: number | null };

const toRules = (row: RulesRow): ScoringRules => ({
  pointsPerMinute: Number(row.points_per_minute),
  dailySteps: Number(row.daily_steps),
  event: Number(row.event),
  eventTopThree: Number(row.event_top_three),
  quarterlyBonus: Number(row.quarterly_bonus),
  dailyMinutesCap: row.daily_minutes_cap === null ? null : Number(row.daily_minutes_cap),
});

/** The values in force for a competition year (the latest row at or before it), or null when none is stored. */
export const rulesInForce = async (db: DbOrTx, competitionYear: number): Promise<ScoringRules | null> => {
  const [row] = rowsOf<RulesRow>(await db.execute(sql`select * from scoring_rules where from_year <= ${competitionYear} order by from_year desc limit 1`));
  return row ? toRules(row) : null;
};

/** Stores `rules` as in force from `fromYear` on (replacing a row of that year). */
export const storeRules = async (tx: DbOrTx, fromYear: number, rules: ScoringRules, now: Date) => {
  await tx.execute(sql`
    insert into scoring_rules (from_year, points_per_minute, daily_steps, event, event_top_three, quarterly_bonus, daily_minutes_cap, updated_at)
    values (${fromYear}, ${rules.pointsPerMinute}, ${rules.dailySteps}, ${rules.event}, ${rules.eventTopThree}, ${rules.quarterlyBonus}, ${rules.dailyMinutesCap}, ${now})
    on conflict (from_year) do update set points_per_minute = excluded.points_per_minute, daily_steps = excluded.daily_steps, event = excluded.event,
      event_top_three = excluded.event_top_three, quarterly_bonus = excluded.quarterly_bonus, daily_minutes_cap = excluded.daily_minutes_cap, updated_at = excluded.updated_at`);
};

export const scoringRepo = repoOf({ rescoreUserYear, rescoreUserMonths, scoredYearsOf, yearsBorrowingLevelOf, rebuildScores, firstYearWithRows, rulesInForce, storeRules });
