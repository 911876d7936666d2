import { competitionYearOptions, competitionYearRange, currentCompetitionYear, toIsoDay } from './competition';

/** The calendar of a team year (docs/product-rules.md#teams): pure, shared by the server and its tests. */

/** The calendar year of month 1-12 of competition year `year` (April-December: `year`, January-March: the next). */
const calendarYearOf = (year: number, month: number) => (month >= 4 ? year : year + 1);

/** `2026-11` */
export const teamMonthKey = (year: number, month: number) => `${calendarYearOf(year, month)}-${String(month).padStart(2, '0')}`;

/** The month's first day and the next month's first day (the month is [first, next)). */
export const teamMonthRange = (year: number, month: number) => {
  const calendarYear = calendarYearOf(year, month);
  const next = month === 12 ? `${calendarYear + 1}-01-01` : `${calendarYear}-${String(month + 1).padStart(2, '0')}-01`;
  return { first: `${calendarYear}-${String(month).padStart(2, '0')}-01`, next };
};

/** The competition year's first day and the next year's first day (the year is [first, next)). */
export const teamYearRange = (year: number) => ({ first: `${year}-04-01`, next: `${year + 1}-04-01` });

/** Who counts as a member and which month is 'this month': today for the current year, the year's last day for a past one. */
export const teamReferenceDay = (year: number, now: Date) => (year === currentCompetitionYear(now) ? toIsoDay(now) : competitionYearRange(year).end);

/** Months 1-12 of the year in its order (April first) up to the reference day's month. */
export const teamMonthsToDate = (year: number, now: Date): number[] => {
  const last = Number(teamReferenceDay(year, now).slice(5, 7));
  const order = [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3];
  return order.slice(0, order.indexOf(last) + 1);
};

/** The year a team page shows for `?year=`: one of the last five competition years, else the current one. */
export const teamYearOf = (year: number | undefined, now: Date) => {
  const years = competitionYearOptions(now);
  return year !== undefined && years.includes(year) ? year : years[0]!;
};
