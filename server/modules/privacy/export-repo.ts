import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dataExports } from '../../db/privacy-schema';

/** SQL of the data exports ('Download my data'): one row per request, the archive kept in the row. */

const statusColumns = {
  id: dataExports.id,
  status: dataExports.status,
  requestedAt: dataExports.requestedAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
};

/** The user's newest export (without its bytes), or null. */
export const newestExport = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select(statusColumns)
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
};

export const insertExport = async (db: DbOrTx, userId: number, now: Date) => {
  const [row] = await db.insert(dataExports).values({ userId, status: 'preparing', requestedAt: now }).returning(statusColumns);
  return row!;
};

/** The user's earlier exports go when a new one is requested: one archive per person at a time. */
export const deleteExportsOf = (db: DbOrTx, userId: number) => db.delete(dataExports).where(eq(dataExports.userId, userId));

export const findExport = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ ...statusColumns, userId: dataExports.userId })
    .from(dataExports)
    .where(eq(dataExports.id, id))
    .limit(1);
  return row ?? null;
};

export const markReady = (db: DbOrTx, id: number, archive: Uint8Array, fileName: string, readyAt: Date, expiresAt: Date) =>
  db
    .update(dataExports)
    .set({ status: 'ready', archive: Buffer.from(archive), fileName, readyAt, expiresAt })
    .where(eq(dataExports.id, id));

export const markFailed = (db: DbOrTx, id: number) => db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));

/** The ready archive of the user's newest export, while it is offered. */
export const readyArchive = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({ archive: dataExports.archive, fileName: dataExports.fileName, expiresAt: dataExports.expiresAt, status: dataExports.status })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
};

/** Exports past their offer (the purge job). */
export const purgeExpired = async (db: DbOrTx, now: Date) =>
  (
    await db
      .delete(dataExports)
      .where(and(lte(dataExports.expiresAt, now)))
      .returning({ id: dataExports.id })
  ).length;
