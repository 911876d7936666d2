import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * The application's tables as the database catalog describes them (never a hand-kept list: tables
 * come and go with migrations), in an order where each table comes after the tables it references.
 */
export const publicTables = async (db: DbOrTx) => {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map((row) => row.name);
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`),
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parentsOf = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) if (unquote(child) !== unquote(parent)) parentsOf.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return; // a cycle: its order is left as found
    path.add(table);
    for (const parent of parentsOf.get(table) ?? []) visit(parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
};

/** Columns a row can be written to (generated ones are computed by the database). */
export const writableColumns = async (db: DbOrTx, table: string) =>
  rowsOf<{ name: string }>(
    await db.execute(sql`select a.attname as name from pg_attribute a where a.attrelid = ${`public."${table}"`}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`),
  ).map((row) => row.name);

/** How many migrations the database has applied (an archive records it; an older program cannot load a newer archive). */
export const appliedMigrations = async (db: DbOrTx) => {
  const present = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!present[0]?.present) return 0;
  return Number(rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`))[0]?.count ?? 0);
};

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
