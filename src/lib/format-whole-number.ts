/**
 * 12345 -> '12,345', as `toLocaleString('en-US')` writes a whole number. Not Intl for whole numbers:
 * its first use in a page loads ICU's number data, which was most of the leaderboard rows' first
 * render on a phone (LeaderRow: 112 ms of self time at 4x CPU, 2026-12-08), for a comma every three
 * digits. Anything else (a fraction, a huge number) is still written by Intl, never wrong.
 */
export const formatWholeNumber = (value: number): string =>
  Number.isSafeInteger(value) ? String(value).replace(/\B(?=(\d{3})+$)/g, ',') : value.toLocaleString('en-US');
