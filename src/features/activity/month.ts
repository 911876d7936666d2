import { monthEndOf, monthStartOf, toIsoDay } from '@/domain/days';

/** Month arithmetic of the dashboard, on UTC days (`YYYY-MM-DD`). */

export { monthStartOf };

/** First and last day of the month, both inclusive (the month query's range). */
export const monthRange = (monthStart: string) => ({ startDate: monthStart, endDate: monthEndOf(monthStart) });

/** The month a visible range belongs to: the one holding its midpoint (docs/product-rules.md#dashboard-and-calendar). */
export const monthOfRange = (start: Date, end: Date) => monthStartOf(toIsoDay(new Date((start.getTime() + end.getTime()) / 2)));

export const monthTitle = (monthStart: string) =>
  new Date(`${monthStart}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const dayTitle = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export { toIsoDay as utcDay };
