/** A team's member points at a reference day: who is in it and what each scored for it in the year. */
export type TeamPoints = {
  /** Points for the team, per member. */
  points: ReadonlyMap<number, number>;
  /** The same points, highest first (for ranks). */
  descending: readonly number[];
};

export const teamPointsFrom = (rows: Iterable<{ userId: number; points: number }>): TeamPoints => {
  const points = new Map<number, number>();
  for (const row of rows) points.set(row.userId, row.points);
  return { points, descending: [...points.values()].sort((a, b) => b - a) };
};

/** The member's place by points (ties share the better place), or null when not a member. */
export const rankIn = (team: TeamPoints, userId: number): number | null => {
  const mine = team.points.get(userId);
  if (mine === undefined) return null;
  // How many have more: the first index whose points are not above mine.
  let low = 0;
  let high = team.descending.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (team.descending[middle]! > mine) low = middle + 1;
    else high = middle;
  }
  return low + 1;
};
