import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup archive is one gzip file of JSON lines: a header, then each table's columns and rows,
 * then each photo its rows refer to (or a note that it was gone), then an end record with the counts
 * (an archive cut short has no end and is refused).
 * JSON lines rather than a tar of engine files: the same archive loads into PGlite and PostgreSQL.
 */
export type ArchiveRecord =
  | { kind: 'header'; format: 'wellness-challenge-backup'; version: 1; createdAt: string; engine: 'pglite' | 'postgres'; migrations: number }
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'rows'; table: string; rows: Record<string, unknown>[] }
  | { kind: 'photo'; name: string; data: string }
  /** A photo a row referred to whose file was deleted before it could be read (a replacement or account deletion committed meanwhile). */
  | { kind: 'photo-missing'; name: string }
  | { kind: 'end'; tables: number; rows: number; photos: number; missingPhotos?: number };

/** Writes records to `${path}.partial` and renames it into place once complete (never half an archive at `path`). */
export const archiveWriter = (path: string) => {
  const partial = `${path}.partial`;
  const gzip = createGzip();
  const file = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(file);
  const finished = once(file, 'close');
  return {
    write: async (record: ArchiveRecord) => {
      if (!gzip.write(`${JSON.stringify(record)}\n`)) await once(gzip, 'drain');
    },
    finish: async () => {
      gzip.end();
      await finished;
      await rename(partial, path);
    },
    abandon: async () => {
      gzip.destroy();
      file.destroy();
      await rm(partial, { force: true });
    },
  };
};

/** The records of an archive, in order; a missing, unreadable or corrupt file rejects (never hangs). */
export async function* readArchive(path: string): AsyncGenerator<ArchiveRecord> {
  const gunzip = createGunzip();
  const file = createReadStream(path);
  file.on('error', (error) => gunzip.destroy(error)); // pipe() alone would leave the reader waiting
  file.pipe(gunzip);
  gunzip.setEncoding('utf8');
  let pending = '';
  for await (const chunk of gunzip as AsyncIterable<string>) {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line) yield JSON.parse(line) as ArchiveRecord;
  }
  if (pending) yield JSON.parse(pending) as ArchiveRecord;
}
