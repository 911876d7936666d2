/**
 * Competition calendar rules (docs/product-rules.md#competition-year and the windows after it), pure and shared by the SPA, the server and the mocks.
 * Every function takes "now" explicitly; dates are UTC calendar days `YYYY-MM-DD`.
 */
// From the zod-free value list: the team pages' year check runs in the login page's entry chunk.
import { COMPETITION_START_YEAR } from '@/contract/values';
import { toIsoDay } from './days';

/** April, as a 1-based month. A competition year N runs 1 April N to 31 March N+1. */
const APRIL = 4;
/** Last April day on which the previous competition year may still be edited. */
export const PREVIOUS_YEAR_GRACE_LAST_DAY = 14;
/** Last April day on which a user may change their level of competition. */
export const LEVEL_WINDOW_LAST_DAY = 7;

export { toIsoDay } from './days';

const parts = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), date: Number(day.slice(8, 10)) });

/** The competition year a calendar day belongs to. */
export const competitionYearOf = (day: string) => {
  const { year, month } = parts(day);
  return month >= APRIL ? year : year - 1;
};

export const currentCompetitionYear = (now: Date) => competitionYearOf(toIsoDay(now));

/** First and last day of competition year N. */
export const competitionYearRange = (year: number) => ({ start: `${year}-04-01`, end: `${year + 1}-03-31` });

const isEarlyApril = (now: Date, lastDay: number) => {
  const { month, date } = parts(toIsoDay(now));
  return month === APRIL && date <= lastDay;
};

/**
 * A day can be logged, edited or deleted when it is not after today and lies in the current
 * competition year, or in the previous one while today is 1-14 April.
 */
export const isEditableDay = (day: string, now: Date) => {
  const today = toIsoDay(now);
  if (day > today) return false;
  const current = competitionYearOf(today);
  const year = competitionYearOf(day);
  if (year === current) return true;
  return year === current - 1 && isEarlyApril(now, PREVIOUS_YEAR_GRACE_LAST_DAY);
};

/** Whether any day of a month (`YYYY-MM`) is editable now; drives the dashboard's disabled states. */
export const isEditableMonth = (month: string, now: Date) => {
  const first = `${month}-01`;
  const today = toIsoDay(now);
  if (first > today) return false;
  const lastDayOfMonth = toIsoDay(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)));
  return isEditableDay(lastDayOfMonth < today ? lastDayOfMonth : today, now);
};

/** Level of competition may change only 1-7 April. */
export const isLevelWindowOpen = (now: Date) => isEarlyApril(now, LEVEL_WINDOW_LAST_DAY);

/** Says what 'the new year' of the level rule is: the competition year, not January (shown with the level field). */
export const LEVEL_RULE_EXPLAINED = `The competition year starts on 1 April: your level can be changed from 1 to ${LEVEL_WINDOW_LAST_DAY} April each year.`;

/** The year whose quarterly bonuses admins set: the previous one until 14 April, then the current. */
export const quarterlyBonusYear = (now: Date) => {
  const current = currentCompetitionYear(now);
  return isEarlyApril(now, PREVIOUS_YEAR_GRACE_LAST_DAY) ? current - 1 : current;
};

export const quarters = ['firstQuarter', 'secondQuarter', 'thirdQuarter', 'fourthQuarter'] as const;
export type Quarter = (typeof quarters)[number];

/** Quarters follow the competition year: Q1 Apr-Jun, Q2 Jul-Sep, Q3 Oct-Dec, Q4 Jan-Mar. */
export const quarterOf = (day: string): Quarter => {
  const { month } = parts(day);
  const index = Math.floor(((month - APRIL + 12) % 12) / 3);
  return quarters[index]!;
};

const QUARTER_FIRST_MONTH: Record<Quarter, number> = { firstQuarter: 4, secondQuarter: 7, thirdQuarter: 10, fourthQuarter: 1 };
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** First day of a quarter of competition year N (Q4 lies in the calendar year N+1). */
export const quarterStartDay = (year: number, quarter: Quarter) => {
  const month = QUARTER_FIRST_MONTH[quarter];
  return `${quarter === 'fourthQuarter' ? year + 1 : year}-${String(month).padStart(2, '0')}-01`;
};

/** A quarterly bonus can be awarded once its quarter has begun (docs/product-rules.md, "Quarterly bonus"). */
export const hasQuarterStarted = (year: number, quarter: Quarter, now: Date) => toIsoDay(now) >= quarterStartDay(year, quarter);

/** "Q4 (January - March 2027)". */
export const quarterName = (year: number, quarter: Quarter) => {
  const start = quarterStartDay(year, quarter);
  const month = Number(start.slice(5, 7));
  return `Q${quarters.indexOf(quarter) + 1} (${MONTH_NAMES[month - 1]} - ${MONTH_NAMES[month + 1]} ${start.slice(0, 4)})`;
};

/** "Competition year 2026/27 (1 April 2026 - 31 March 2027)": what a year label such as "2026 Quarterly Bonus" means. */
export const competitionYearSpan = (year: number) => `Competition year ${year}/${String(year + 1).slice(2)} (1 April ${year} - 31 March ${year + 1})`;

/** Year filter options, newest first: current year down to max(2022, current - 4). */
export const competitionYearOptions = (now: Date) => {
  const current = currentCompetitionYear(now);
  const oldest = Math.max(COMPETITION_START_YEAR, current - 4);
  const years: number[] = [];
  for (let year = current; year >= oldest; year -= 1) years.push(year);
  return years;
};

/** "2026/27" style label for a competition year. */
export const competitionYearLabel = (year: number) => `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
