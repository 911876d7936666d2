import { monthEndOf, monthStartOf, toIsoDay } from '@/domain/days';

/** Month arithmetic of the dashboard, on UTC days (`YYYY-MM-DD`). */

export { monthStartOf };

/** First and last day of the month, both inclusive (the month query's range). */
export const monthRange = (monthStart: string) => ({ startDate: monthStart, endDate: monthEndOf(monthStart) });

/** The first day of the month `months` after (or before, negative) the month starting `monthStart`. */
export const shiftMonth = (monthStart: string, months: number) => {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return toIsoDay(Date.UTC(year, month - 1 + months, 1));
};

/** The month a visible range belongs to: the one holding its midpoint (docs/product-rules.md#dashboard-and-calendar). */
export const monthOfRange = (start: Date, end: Date) => monthStartOf(toIsoDay(new Date((start.getTime() + end.getTime()) / 2)));

// One formatter each, made once: `toLocaleDateString` with options builds a new one per call, and
// the month grid names every day in its buttons' labels (about 100 calls a draw, ~1 ms each on a phone).
// Made at first use, not when this file loads: the first one loads ICU's date data (~30 ms at 4x
// CPU), and the feed and the leaderboard load this file for the activity queries without a date to name.
const formatOnce = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return (date: Date) => (format ??= new Intl.DateTimeFormat('en-US', options)).format(date);
};
const monthTitleFormat = formatOnce({ month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayTitleFormat = formatOnce({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const monthTitle = (monthStart: string) => monthTitleFormat(new Date(`${monthStart}T00:00:00Z`));

export const dayTitle = (day: string) => dayTitleFormat(new Date(`${day}T00:00:00Z`));

export { toIsoDay as utcDay };
