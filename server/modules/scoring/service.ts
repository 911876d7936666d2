import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { scoringRepo } from './repo';

type Deps = { config: Pick<AppDeps['config'], 'scoring'> };

/**
 * Keeps the standings exact inside a writer's transaction, with the configured scoring values
 * (config.scoring, never module state). Other modules rescore through this, never through the SQL.
 */
export const scoringService = ({ config }: Deps) => {
  const rules = config.scoring;
  return {
    /** After a write of one user's activities, steps or events on `days`: only those calendar months. */
    rescoreDays: (tx: DbOrTx, userId: number, days: string[]) => scoringRepo(tx).rescoreUserDays(userId, days, rules),
    /** One whole competition year of one user (bonuses, tracker imports). */
    rescoreYear: (tx: DbOrTx, userId: number, competitionYear: number) => scoringRepo(tx).recomputeUserYear(userId, competitionYear, rules),
    /** Every score row from scratch (bulk imports, the benchmark seed, new scoring values). */
    rebuildAll: (tx: DbOrTx) => scoringRepo(tx).rebuildAllScores(rules),
  };
};

export type ScoringService = ReturnType<typeof scoringService>;
