/**
 * Calendar days. Every date of the product is a UTC calendar day `YYYY-MM-DD`; this is the one place
 * that turns an instant into one (never `toISOString().slice(0, 10)` by hand). It imports nothing,
 * so the contract's validators may use it too.
 */
export const toIsoDay = (instant: Date | number | string) => new Date(instant).toISOString().slice(0, 10);

/** The first day of the month `day` lies in. */
export const monthStartOf = (day: string) => `${day.slice(0, 8)}01`;

/** The last day of the month `day` lies in (28-31). */
export const monthEndOf = (day: string) => toIsoDay(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0));
