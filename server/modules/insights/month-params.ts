import { insightMonthsOf } from '@/domain/insights';

/**
 * The months a chart shows (insightMonthsOf, the one home of that rule) as the two array
 * parameters of the insights statements: their `YYYY-MM` keys and calendar month numbers, written
 * as PostgreSQL array literals so the driver sends them as they are.
 */
export type MonthParams = { keys: string; months: string };

const written = new Map<string, MonthParams>();

/**
 * Memoised per (competition year, current calendar month): the answer changes only when a month
 * starts, and every hot read would otherwise rebuild the same twelve keys and two literals.
 */
export const monthParamsOf = (year: number, now: Date): MonthParams => {
  const memo = `${year}:${now.getUTCFullYear()}-${now.getUTCMonth()}`;
  const known = written.get(memo);
  if (known) return known;
  const months = insightMonthsOf(year, now);
  const params = { keys: `{${months.map((month) => month.key).join(',')}}`, months: `{${months.map((month) => month.month).join(',')}}` };
  // A handful of years times the months a process lives through; cleared rather than grown forever.
  if (written.size >= 64) written.clear();
  written.set(memo, params);
  return params;
};
