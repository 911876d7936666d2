import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { uploadsDir } from '../photos/disk-photo-store';
import { archiveWriter } from './archive-file';
import { appliedMigrations, publicTables, quoted } from './catalog';
import { referencedPhotos } from './photo-references';

const ROWS_PER_RECORD = 500;

export type BackupSummary = { file: string; tables: number; rows: number; photos: number; missingPhotos: number };

/** A photo file's bytes, or null when it no longer exists (any other failure ends the backup). */
const readPhoto = (path: string) =>
  readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });

/**
 * Writes one archive of every application table and every uploaded photo while the app runs. All
 * tables are read in one read-only repeatable-read transaction: one consistent snapshot, whatever
 * is written meanwhile (on PGlite the single connection is simply held for the time of the read).
 * The photos are those the snapshot's rows refer to, read before the snapshot ends. The app deletes a
 * photo file only once no committed row refers to it (after a replacement or an account deletion
 * commits; the orphan sweep), so on PGlite, whose one connection the backup holds, every such file
 * is still there; on PostgreSQL one can be deleted meanwhile: it is recorded as missing and the
 * restore clears the reference, so a restored row never points at a missing file.
 */
export const writeBackup = async (database: Database, dataDir: string, file: string): Promise<BackupSummary> => {
  const archive = archiveWriter(file);
  try {
    let tableCount = 0;
    let rowCount = 0;
    let photos = 0;
    let missingPhotos = 0;
    await database.db.transaction(
      async (tx) => {
        await archive.write({ kind: 'header', format: 'wellness-challenge-backup', version: 1, createdAt: new Date().toISOString(), engine: database.kind, migrations: await appliedMigrations(tx) });
        for (const table of await publicTables(tx)) {
          const columns = rowsOf<{ name: string }>(
            await tx.execute(sql`select attname as name from pg_attribute where attrelid = ${`public.${quoted(table)}`}::regclass and attnum > 0 and not attisdropped order by attnum`),
          ).map((row) => row.name);
          await archive.write({ kind: 'table', name: table, columns });
          tableCount += 1;
          // A cursor keeps memory flat for big tables; to_jsonb keeps every type loadable by either engine.
          await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select to_jsonb(t) as row from public.${quoted(table)} t`));
          for (;;) {
            const rows = rowsOf<{ row: Record<string, unknown> | string }>(await tx.execute(sql.raw(`fetch forward ${ROWS_PER_RECORD} from backup_rows`))).map((row) =>
              typeof row.row === 'string' ? (JSON.parse(row.row) as Record<string, unknown>) : row.row,
            );
            if (!rows.length) break;
            rowCount += rows.length;
            await archive.write({ kind: 'rows', table, rows });
          }
          await tx.execute(sql.raw('close backup_rows'));
        }
        for (const name of await referencedPhotos(tx)) {
          const bytes = await readPhoto(join(uploadsDir(dataDir), name));
          if (bytes) {
            await archive.write({ kind: 'photo', name, data: bytes.toString('base64') });
            photos += 1;
          } else {
            await archive.write({ kind: 'photo-missing', name });
            missingPhotos += 1;
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await archive.write({ kind: 'end', tables: tableCount, rows: rowCount, photos, missingPhotos });
    await archive.finish();
    return { file, tables: tableCount, rows: rowCount, photos, missingPhotos };
  } catch (error) {
    await archive.abandon();
    throw error;
  }
};
