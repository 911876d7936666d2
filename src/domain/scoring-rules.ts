/**
 * Scoring values (docs/product-rules.md#scoring). One place for every figure that turns rows into points; the SQL
 * recompute, the pure reference function, the mocks and the tests all read these.
 */
export type ScoringRules = {
  /** Points per activity minute. */
  pointsPerMinute: number;
  /** A daily 10,000-step achievement. */
  dailySteps: number;
  /** An event participation. */
  event: number;
  /** Extra points for a top-three finish in the age group. */
  eventTopThree: number;
  /** Each quarterly bonus flag. */
  quarterlyBonus: number;
  /** Optional cap on counted activity minutes per user and day; null = no cap (the default). */
  dailyMinutesCap: number | null;
};

export const defaultScoringRules: ScoringRules = Object.freeze({
  pointsPerMinute: 1,
  dailySteps: 30,
  event: 60,
  eventTopThree: 30,
  quarterlyBonus: 250,
  dailyMinutesCap: null,
});
