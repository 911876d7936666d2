import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { UPLOAD_NAME } from '../http/photo-storage';
import { uploadsDir } from '../photos/disk-photo-store';
import { readArchive } from './archive-file';
import { appliedMigrations, publicTables, quoted, writableColumns } from './catalog';
import { checkArchive } from './check-archive';
import { badFileNames, forgetPhotos } from './photo-references';
import { stagePhotos } from './photo-staging';
import { RestoreRefused } from './restore-refused';

export { RestoreRefused } from './restore-refused';

export type RestoreOptions = {
  /** Empty a database or uploads folder that holds data instead of refusing. */
  force?: boolean;
  /** Runs in the restore's transaction once every row is in (e.g. rebuilding derived tables). */
  afterRestore?: (tx: DbOrTx) => Promise<void>;
};

/**
 * Whether the database holds data: every row belongs to an account, so a database without accounts is
 * empty (rows the migrations insert themselves, such as counters, do not count). A started app has its admin.
 */
const holdsAccounts = async (db: DbOrTx) =>
  Boolean(rowsOf<{ present: boolean }>(await db.execute(sql`select exists (select 1 from public.users) as present`))[0]?.present);

/** Every serial or identity column continues after the highest restored value. */
const resetSequences = async (tx: DbOrTx) => {
  const columns = rowsOf<{ table: string; column: string; sequence: string }>(
    await tx.execute(sql`select c.relname as table, a.attname as column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as sequence
      from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`),
  );
  for (const { table, column, sequence } of columns) {
    await tx.execute(sql.raw(`select setval('${sequence.replace(/'/g, "''")}', coalesce((select max(${quoted(column)}) from public.${quoted(table)}), 0) + 1, false)`));
  }
};

/**
 * Loads an archive into a database and DATA_DIR. The whole archive is checked first (checkArchive);
 * then migrations run (the current program's schema), and every archived table that still exists is
 * loaded, column by column as far as both sides have them, with the tables' own triggers off (derived
 * rows are restored as they were, not recomputed twice), all in one transaction, while the photos are
 * written to a staging folder; only once that transaction commits do they replace uploads/. A failed
 * restore leaves the database and the photos as they were. Refuses a database or uploads folder
 * holding data unless `force`.
 */
export const restoreBackup = async (database: Database, dataDir: string, file: string, options: RestoreOptions = {}) => {
  const header = await checkArchive(file);
  await database.migrate();
  const migrations = await appliedMigrations(database.db);
  if (header.migrations > migrations) throw new RestoreRefused(`${file} was written by a newer version (${header.migrations} migrations, this one has ${migrations}): restore it with that version or later.`);

  const photosDir = uploadsDir(dataDir);
  const existingPhotos = (await readdir(photosDir).catch(() => [] as string[])).filter((name) => UPLOAD_NAME.test(name));
  const filled = await holdsAccounts(database.db);
  if ((filled || existingPhotos.length) && !options.force) {
    const what = filled ? 'the database already holds accounts' : `${photosDir} already holds photos`;
    throw new RestoreRefused(`Not restoring: ${what}. Restore into an empty DATA_DIR / database, or add --force to replace everything.`);
  }

  const counts = { tables: 0, rows: 0, photos: 0, missingPhotos: 0, skippedTables: [] as string[] };
  const staging = await stagePhotos(photosDir);
  try {
    await database.db.transaction(async (tx) => {
      const tables = await publicTables(tx);
      for (const table of tables) await tx.execute(sql.raw(`alter table public.${quoted(table)} disable trigger user`));
      if (tables.length) {
        // Also the rows the migrations seeded: the archive has them as they were. The audit trail refuses
        // a truncate unless it is a deliberate maintenance act (see its migration).
        await tx.execute(sql`select set_config('wellness.audit_maintenance', 'on', true)`);
        await tx.execute(sql.raw(`truncate ${tables.map((table) => `public.${quoted(table)}`).join(', ')} restart identity cascade`));
      }
      const known = new Set(tables);
      const missingPhotos: string[] = [];
      let target: { table: string; columns: string[] } | null = null;
      let ended = false;
      // Read again (checked above): the file changing in between still ends in a rollback.
      for await (const record of readArchive(file)) {
        if (record.kind === 'table') {
          if (!known.has(record.name)) {
            counts.skippedTables.push(record.name); // dropped by a later migration
            target = null;
            continue;
          }
          const writable = new Set(await writableColumns(tx, record.name));
          target = { table: record.name, columns: record.columns.filter((column) => writable.has(column)) };
          counts.tables += 1;
        } else if (record.kind === 'rows' && target && target.table === record.table && target.columns.length) {
          const list = target.columns.map(quoted).join(', ');
          await tx.execute(
            sql`${sql.raw(`insert into public.${quoted(target.table)} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::public.${quoted(target.table)}, `)}${JSON.stringify(record.rows)}::jsonb)`,
          );
          counts.rows += record.rows.length;
        } else if (record.kind === 'photo') {
          if (!UPLOAD_NAME.test(record.name)) throw new RestoreRefused(`${file} holds a photo with an unexpected name (${record.name}).`);
          await staging.write(record.name, Buffer.from(record.data, 'base64'));
          counts.photos += 1;
        } else if (record.kind === 'photo-missing') {
          missingPhotos.push(record.name);
        } else if (record.kind === 'end') {
          ended = true;
        }
      }
      if (!ended) throw new RestoreRefused(`${file} is incomplete (it ends before its last record): nothing was restored.`);
      // A crafted archive could name server files (`../jwt-secret`) as photos: refused, nothing restored.
      const unexpected = await badFileNames(tx);
      if (unexpected.length) throw new RestoreRefused(`${file} holds ${unexpected.join(' and ')}: nothing was restored.`);
      // Deleted while the backup ran: no restored row points at a file that is not there.
      await forgetPhotos(tx, missingPhotos);
      counts.missingPhotos = missingPhotos.length;
      await resetSequences(tx);
      for (const table of tables) await tx.execute(sql.raw(`alter table public.${quoted(table)} enable trigger user`));
      await options.afterRestore?.(tx);
    });
  } catch (error) {
    await staging.discard();
    throw error;
  }
  await staging.moveIn();
  return counts;
};
