/**
 * 12345 -> '12,345', as `toLocaleString('en-US')` writes a whole number. Not Intl: its first use in
 * a page loads ICU's number data, which was most of the leaderboard rows' first render on a phone
 * (LeaderRow: 112 ms of self time at 4x CPU, 2026-12-08), for a comma every three digits.
 */
export const formatWholeNumber = (value: number): string => {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
};
