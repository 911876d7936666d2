/** `2026-04` -> `Apr` (the competition year's months are unambiguous within one chart). */
export const shortMonth = (key: string) => new Date(`${key}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });

/** `2026-04` -> `April 2026`, for table rows and screen readers. */
export const longMonth = (key: string) => new Date(`${key}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const formatNumber = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 1 });
