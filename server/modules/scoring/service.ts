import type { DbOrTx } from '../../db/client';
import { competitionYearOf } from '@/domain/competition';
import { scoringRepo } from './repo';

/**
 * Keeps the standings exact inside a writer's transaction. The rules themselves are SQL
 * (server/db/functions/scoring.sql, with the values stored in scoring_rules); other modules rescore
 * through this, never through the SQL.
 */
export const scoringService = () => ({
  /** After a write of one user's activities, steps or events on `days`: the months they fall in, per competition year. */
  rescoreDays: async (tx: DbOrTx, userId: number, days: readonly string[]) => {
    const monthsByYear = new Map<number, Set<number>>();
    for (const day of days) {
      const year = competitionYearOf(day);
      monthsByYear.set(year, (monthsByYear.get(year) ?? new Set()).add(Number(day.slice(5, 7))));
    }
    for (const [year, months] of monthsByYear) await scoringRepo(tx).rescoreUserMonths(userId, year, [...months]);
  },
  /** One whole competition year of one user (bonuses, a role change). */
  rescoreYear: (tx: DbOrTx, userId: number, competitionYear: number) => scoringRepo(tx).rescoreUserYear(userId, competitionYear),
  /**
   * After the account's address was confirmed: every year it scored in, so its months join the
   * insight groups (they count the leaderboard's people, server/db/functions/insights.sql). The
   * caller holds the user's write lock.
   */
  rescoreConfirmed: async (tx: DbOrTx, userId: number) => {
    const repo = scoringRepo(tx);
    for (const year of (await repo.scoredYearsOf(userId)).sort((a, b) => a - b)) await repo.rescoreUserYear(userId, year);
  },
  /**
   * After the level row of `competitionYear` was written: that year, and the earlier years with no
   * row of their own that take their level from it (an account whose first row is this year's).
   */
  rescoreLevelChange: async (tx: DbOrTx, userId: number, competitionYear: number) => {
    const repo = scoringRepo(tx);
    for (const year of [competitionYear, ...(await repo.yearsBorrowingLevelOf(userId, competitionYear))]) await repo.rescoreUserYear(userId, year);
  },
});

export type ScoringService = ReturnType<typeof scoringService>;
