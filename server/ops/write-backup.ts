import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { UPLOAD_NAME, uploadsDir } from '../http/photo-storage';
import { archiveWriter } from './archive-file';
import { appliedMigrations, publicTables, quoted } from './catalog';

const ROWS_PER_RECORD = 500;

export type BackupSummary = { file: string; tables: number; rows: number; photos: number };

/**
 * Writes one archive of every application table and every uploaded photo while the app runs. All
 * tables are read in one read-only repeatable-read transaction: one consistent snapshot, whatever
 * is written meanwhile (on PGlite the single connection is simply held for the time of the read).
 */
export const writeBackup = async (database: Database, dataDir: string, file: string): Promise<BackupSummary> => {
  const archive = archiveWriter(file);
  try {
    let tableCount = 0;
    let rowCount = 0;
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
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const names = (await readdir(uploadsDir(dataDir)).catch(() => [] as string[])).filter((name) => UPLOAD_NAME.test(name)).sort();
    let photos = 0;
    for (const name of names) {
      const bytes = await readFile(`${uploadsDir(dataDir)}/${name}`).catch(() => null); // removed meanwhile: no longer referenced
      if (!bytes) continue;
      await archive.write({ kind: 'photo', name, data: bytes.toString('base64') });
      photos += 1;
    }
    await archive.write({ kind: 'end', tables: tableCount, rows: rowCount, photos });
    await archive.finish();
    return { file, tables: tableCount, rows: rowCount, photos };
  } catch (error) {
    await archive.abandon();
    throw error;
  }
};
