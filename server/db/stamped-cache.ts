/**
 * What the teams API keeps between requests (docs/architecture.md#derived-state-and-its-keepers):
 * each team's member points, and the pages of the standings, each kept with the stamp it was read
 * with and used only while a reader reads the same stamp again. Every change of a team's
 * team_months rows gives the team a new random stamp in the writer's own transaction
 * (team_scores_changed, server/db/functions/teams.sql), and a reader reads the stamp before what it
 * keeps, so a caller still sees every write committed before it asked, whichever process answers. It serves
 * the figure "the team leaderboard and a team's page at >= 25 % of /api/health" (docs/load-model.md).
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
