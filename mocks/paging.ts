/** One page of rows (1-based page), as the server's limit/offset queries answer it. */
export const pageRows = <T>(rows: readonly T[], page: number, pageSize: number) => ({
  rows: rows.slice((page - 1) * pageSize, page * pageSize),
  count: rows.length,
});

/** Newest first by a text key (ISO dates sort as text), then by id descending. */
export const newestFirst =
  <T extends { id: number }>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(b).localeCompare(key(a)) || b.id - a.id;
