import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Replaceable SQL ("repeatable migrations"): the functions, the scoring view and the trigger bodies
 * live only in server/db/functions/, never in a committed migration. After the migrations, the files
 * are applied again when their checksums (or the migration journal: a new migration may drop what
 * they create) differ from those recorded in replaceable_sql_applied, all in one transaction.
 */
export const FUNCTION_FILES = ['scoring.sql', 'insights.sql', 'audit-trail.sql', 'teams.sql', 'overview.sql', 'leaders.sql', 'admin-search.sql'] as const;

// Not `new URL('./functions/', import.meta.url)`: Vite rewrites that pattern into a web address for a
// browser-side environment, and the client tests host the server's code under jsdom.
const folder = join(dirname(fileURLToPath(import.meta.url)), 'functions/');
const JOURNAL = 'migrations/meta/_journal.json';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Each file (and the journal) with its text and checksum, in the order they are applied. */
export const replaceableSqlFiles = (migrationsFolder: string) => [
  ...FUNCTION_FILES.map((file) => {
    const text = readFileSync(folder + file, 'utf8');
    return { file, text, checksum: sha256(text) };
  }),
  { file: JOURNAL, text: '', checksum: sha256(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) },
];

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Applies the files when any checksum differs; returns whether it did. */
export const applyReplaceableSql = async (executeSql: ExecuteSql, migrationsFolder: string): Promise<boolean> => {
  const files = replaceableSqlFiles(migrationsFolder);
  const applied = new Map(((await executeSql('select file, checksum from replaceable_sql_applied where $1::int = 1', [1])).rows as { file: string; checksum: string }[]).map((row) => [row.file, row.checksum]));
  if (files.every((file) => applied.get(file.file) === file.checksum)) return false;
  const record = files
    .map((file) => `insert into replaceable_sql_applied (file, checksum) values (${quote(file.file)}, ${quote(file.checksum)}) on conflict (file) do update set checksum = excluded.checksum, applied_at = now();`)
    .join('\n');
  // Without values the script runs as one multi-statement transaction on both drivers.
  await executeSql(`${files.map((file) => file.text).join('\n')}\n${record}`);
  return true;
};
