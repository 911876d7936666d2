import { currentCompetitionYear, toIsoDay } from './competition';

/** Pure rules of the progress charts and the admin overview, shared by the server and the mocks. */

export type InsightMonth = { key: string; month: number };

/**
 * The months a chart shows: April to March for a past competition year, April up to the current
 * month for the current one (later months have not happened yet).
 */
export const insightMonthsOf = (year: number, now: Date): InsightMonth[] => {
  const thisMonth = toIsoDay(now).slice(0, 7);
  const isCurrentYear = year === currentCompetitionYear(now);
  const months: InsightMonth[] = [];
  for (let index = 0; index < 12; index += 1) {
    const month = ((index + 3) % 12) + 1;
    const calendarYear = month >= 4 ? year : year + 1;
    const key = `${calendarYear}-${String(month).padStart(2, '0')}`;
    if (isCurrentYear && key > thisMonth) break;
    months.push({ key, month });
  }
  return months;
};

/** Place of `points` among `all` (every scorer's points, the caller's included): 1 + how many scored more. */
export const rankAmong = (points: number, all: readonly number[]) => 1 + all.filter((other) => other > points).length;

/** Median of the values (the mean of the two middle ones for an even count); 0 for none. */
export const medianOf = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
