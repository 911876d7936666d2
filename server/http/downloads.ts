import { CSV_BOM, csvLine, type CsvExport } from '@/domain/csv';
import type { FileDownload } from '@/domain/privacy';

/*
 * Download answers for any host: status, headers and a body. A host turns the CSV's lines into its
 * own stream (Node: stream.Readable; the browser: a ReadableStream).
 */
export type DownloadHeaders = Record<'content-type' | 'content-disposition' | 'cache-control', string>;

const attachment = (contentType: string, fileName: string): DownloadHeaders => ({
  'content-type': contentType,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/** An export sent as it is read: rows come from the database in batches, each becomes one CSV line; no table is held in memory. */
export const csvDownload = (file: CsvExport) => {
  async function* lines() {
    yield CSV_BOM + csvLine(file.header);
    for await (const row of file.rows) yield csvLine(row);
  }
  return { status: 200 as const, headers: attachment('text/csv; charset=utf-8', file.fileName), lines: lines() };
};

/** A file answer (a personal data archive) as an attachment that no cache keeps. */
export const fileDownload = (file: FileDownload) => ({ status: 200 as const, headers: attachment(file.contentType, file.fileName), body: file.bytes });
