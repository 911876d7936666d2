import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvLine, type CsvExport } from '@/domain/csv';
import type { FileDownload } from '@/domain/privacy';

/**
 * Sends an export as it is read: the rows come from the database in batches (an async iterable),
 * each becomes one CSV line, so no table is ever held in memory. Attachment with the export's name.
 */
export const sendCsv = (reply: FastifyReply, file: CsvExport) => {
  async function* lines() {
    yield CSV_BOM + csvLine(file.header);
    for await (const row of file.rows) yield csvLine(row);
  }
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
};

/** Sends a file answer (a personal data archive) as an attachment that no cache keeps. */
export const sendFile = (reply: FastifyReply, file: FileDownload) =>
  reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes));
