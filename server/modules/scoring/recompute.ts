import type { DbOrTx } from '../../db/client';

/**
 * Recomputes the score rows (score_months, score_years) of one user for one competition year
 * from the stored rows. Every write that changes points (activity, steps, event, quarterly bonus,
 * level) calls this inside its own transaction, so standings change at once and exactly once.
 * Implemented by the competition module (issue 4).
 */
export const recomputeUserYear = async (tx: DbOrTx, userId: number, competitionYear: number): Promise<void> => {
  void tx;
  void userId;
  void competitionYear;
};
