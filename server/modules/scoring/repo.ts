import { repoOf } from '../../db/repo-of';
import { rebuildAllScores } from './rebuild-all';
import { recomputeUserYear, rescoreUserDays } from './recompute';

/** The score rows' SQL (recompute.ts: one user; rebuild-all.ts: everyone), on one handle. */
export const scoringRepo = repoOf({ recomputeUserYear, rescoreUserDays, rebuildAllScores });
