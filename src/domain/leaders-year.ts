import { currentCompetitionYear, toIsoDay } from './competition';
import { badRequest } from './errors';

/** Pure year rules of the leaders endpoints, shared with the mocks. */

/** A requested competition year, checked against the clock (the contract already enforces >= 2022). */
export const resolveCompetitionYear = (requested: number | undefined, now: Date) => {
  const current = currentCompetitionYear(now);
  if (requested === undefined) return current;
  if (requested > current) throw badRequest(`Competition year must be ${current} or earlier`);
  return requested;
};

/** Monthly points: the current month for the current year, March (its last month) for a past year. */
export const monthlyPointsMonth = (year: number, now: Date) => (year === currentCompetitionYear(now) ? Number(toIsoDay(now).slice(5, 7)) : 3);

/** The level of a user in a year from their per-year rows: that year's, else the latest earlier, else the earliest. */
export const levelInYearOf = <L extends string>(rows: ReadonlyArray<{ competitionYear: number; levelOfCompetition: L }>, year: number, fallback: L): L => {
  const sorted = [...rows].sort((a, b) => a.competitionYear - b.competitionYear);
  const atOrBefore = sorted.filter((row) => row.competitionYear <= year);
  return (atOrBefore.at(-1) ?? sorted[0])?.levelOfCompetition ?? fallback;
};
