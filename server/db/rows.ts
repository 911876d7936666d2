/** drizzle's execute answers `{ rows }` on both drivers (an array on some versions): one place to unwrap. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
