/**
 * CSV for spreadsheets (RFC 4180), one home for server and mocks: fields with a comma, quote or
 * line break are quoted, quotes doubled; lines end with CRLF; the file starts with a UTF-8 BOM so
 * Excel reads names like 'Zoë Ångström' correctly. A cell starting with =, +, -, @, tab or CR is
 * turned into text with a leading apostrophe, so a name like '=HYPERLINK(...)' is never run as a
 * formula (CSV injection).
 */
export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** `users-2026-11-24.csv`: what the file is and the day it was made. */
export const csvFileName = (parts: readonly (string | number)[], today: string) =>
  `${[...parts, today].map((part) => String(part).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')).join('-')}.csv`;

/** What an export endpoint hands to the server's streamer or the mocks' writer. */
export type CsvExport = { fileName: string; header: readonly string[]; rows: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]> };
