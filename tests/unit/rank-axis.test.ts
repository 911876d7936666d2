import { describe, expect, it } from 'vitest';
import { rankAxis } from '../../src/features/insights/rank-axis';

describe('the rank chart y-axis', () => {
  it('labels every whole rank of a small field, 1 first, none skipped', () => {
    expect(rankAxis(5)).toEqual({ domain: [1, 5], ticks: [1, 2, 3, 4, 5] });
    expect(rankAxis(8).ticks).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps two places for a field of one, so a lone rank 1 sits at the top and not mid-axis', () => {
    expect(rankAxis(1)).toEqual({ domain: [1, 2], ticks: [1, 2] });
    expect(rankAxis(0)).toEqual({ domain: [1, 2], ticks: [1, 2] });
  });

  it('steps evenly through a large field, always with 1 and a tick at the bottom of the axis', () => {
    expect(rankAxis(40)).toEqual({ domain: [1, 40], ticks: [1, 5, 10, 15, 20, 25, 30, 35, 40] });
    expect(rankAxis(13)).toEqual({ domain: [1, 14], ticks: [1, 2, 4, 6, 8, 10, 12, 14] });
    for (const competitors of [3, 9, 17, 64, 101, 999, 2500]) {
      const { domain, ticks } = rankAxis(competitors);
      expect(ticks.length).toBeLessThanOrEqual(9);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks[0]).toBe(1);
      expect(domain).toEqual([1, ticks[ticks.length - 1]]);
      expect(domain[1]).toBeGreaterThanOrEqual(competitors);
      const gaps = new Set(ticks.slice(2).map((tick, index) => tick - ticks[index + 1]!));
      expect(gaps.size).toBeLessThanOrEqual(1);
    }
  });
});
