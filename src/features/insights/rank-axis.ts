/** Steps between rank ticks: every rank while they fit, else a round step (5, 10, 20, 50, ...). */
const TICK_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];
const MAX_TICKS = 8;

export type RankAxis = {
  /** Rank 1 at the top (the axis is reversed), the last place of the year at the bottom. */
  domain: [number, number];
  /** Whole ranks, 1 first, at an even step that skips nothing in small fields (1, 2, 3, 4, 5). */
  ticks: number[];
};

/**
 * The y-axis of the rank chart for a year whose largest field had `competitors` places. Whole ranks
 * only, evenly spaced, always 1; at least two places, so a lone rank 1 is not drawn mid-axis.
 */
export const rankAxis = (competitors: number): RankAxis => {
  const lastPlace = Math.max(2, Math.ceil(competitors));
  const step = TICK_STEPS.find((candidate) => Math.ceil(lastPlace / candidate) <= MAX_TICKS) ?? Math.ceil(lastPlace / MAX_TICKS);
  const ticks = [1];
  for (let tick = step; tick <= lastPlace; tick += step) if (tick > 1) ticks.push(tick);
  // The bottom of the axis is a tick too, so the last place can be read off.
  const bottom = ticks[ticks.length - 1]! < lastPlace ? Math.ceil(lastPlace / step) * step : lastPlace;
  if (bottom !== ticks[ticks.length - 1]) ticks.push(bottom);
  return { domain: [1, bottom], ticks };
};
