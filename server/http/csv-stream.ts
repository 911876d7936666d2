import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvLine, type CsvExport } from '@/domain/csv';

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
