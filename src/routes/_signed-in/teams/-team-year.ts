/**
 * `?year=` of the team pages. The search check runs in the entry chunk (the router keeps
 * validateSearch there), so it only keeps a whole number; teamYearOf, which runs in the route's own
 * chunk, accepts one of the last five competition years and falls back to the current one.
 */
export const teamYearSearch = (search: Record<string, unknown>): { year?: number } => {
  const year = Number(search.year);
  return Number.isInteger(year) ? { year } : {};
};
