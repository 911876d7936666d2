/** Month arithmetic of the dashboard, on UTC days (`YYYY-MM-DD`). */

const pad = (value: number) => String(value).padStart(2, '0');
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** `2026-11-17` -> `2026-11-01` */
export const monthStartOf = (day: string) => `${day.slice(0, 7)}-01`;

/** First and last day of the month, both inclusive (the month query's range). */
export const monthRange = (monthStart: string) => {
  const year = Number(monthStart.slice(0, 4));
  const month = Number(monthStart.slice(5, 7));
  return { startDate: monthStart, endDate: `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}` };
};

/** The month a visible range belongs to: the one holding its midpoint (SPEC 2). */
export const monthOfRange = (start: Date, end: Date) => monthStartOf(utcDay(new Date((start.getTime() + end.getTime()) / 2)));

export const monthTitle = (monthStart: string) =>
  new Date(`${monthStart}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const dayTitle = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export { utcDay };
