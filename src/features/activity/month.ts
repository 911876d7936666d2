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
const monthTitleFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayTitleFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const monthTitle = (monthStart: string) => monthTitleFormat.format(new Date(`${monthStart}T00:00:00Z`));

export const dayTitle = (day: string) => dayTitleFormat.format(new Date(`${day}T00:00:00Z`));

export { toIsoDay as utcDay };
