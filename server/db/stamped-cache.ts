/**
 * What the API keeps between requests (docs/architecture.md#derived-state-and-its-keepers), each
 * value kept with the stamp it was read with and used only while a reader reads the same stamp
 * again. A writer gives its rows a new random stamp in its own transaction, and a reader reads the
 * stamp in the same snapshot as what it keeps, so a caller still sees every write committed before
 * it asked, whichever process answers. Used for:
 * - the teams' member points and standings pages (teams.scores_stamp, server/db/functions/teams.sql):
 *   "the team leaderboard and a team's page at >= 25 % of /api/health" (docs/load-model.md);
 * - the admin users search's counts (users_search_stamp, server/db/functions/admin-search.sql):
 *   "admin searches p99 < 50 ms at 2 connections" at full size;
 * - the admin leaders list's search counts (users_search_stamp and the year's score_year_counts
 *   stamps, server/db/functions/leaders.sql), for the same target. Read in the statement before the
 *   count: a count at least as new as its stamp is never kept past a write.
 * At most `limit` entries are kept (the least recently stored go first).
 */
export const stampedCache = <T>(limit: number) => {
  const kept = new Map<string, { stamp: string; value: T }>();
  return {
    get: (key: string, stamp: string): T | undefined => {
      const hit = kept.get(key);
      return hit?.stamp === stamp ? hit.value : undefined;
    },
    /** What is kept under `key` with the stamp it was read with, current or not. */
    latest: (key: string): { stamp: string; value: T } | undefined => kept.get(key),
    set: (key: string, stamp: string, value: T) => {
      kept.delete(key);
      kept.set(key, { stamp, value });
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    },
  };
};
