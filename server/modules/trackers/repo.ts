import { and, eq, sql } from 'drizzle-orm';
import type { ApiType } from '@/contract/trackers';
import type { DbOrTx } from '../../db/client';
import { activities, trackerConnections } from '../../db/schema';
import { openToken, sealToken } from '../../trackers/token-seal';
import type { TrackerTokens } from '../../trackers/trackers';

export type ConnectionRow = typeof trackerConnections.$inferSelect;

export const connectedServices = async (db: DbOrTx, userId: number): Promise<ApiType[]> => {
  const rows = await db.select({ service: trackerConnections.service }).from(trackerConnections).where(eq(trackerConnections.userId, userId)).orderBy(trackerConnections.service);
  return rows.map((row) => row.service);
};

/** A stored connection with its tokens opened; null tokens when they cannot be opened (another key). */
export type Connection = Omit<ConnectionRow, 'accessToken' | 'refreshToken'> & { accessToken: string | null; refreshToken: string | null };

const opened = (key: string, row: ConnectionRow): Connection => {
  const open = (stored: string | null) => {
    if (stored === null) return null;
    try {
      return openToken(key, stored);
    } catch {
      return null;
    }
  };
  return { ...row, accessToken: open(row.accessToken), refreshToken: open(row.refreshToken) };
};

export const connectionsOf = async (db: DbOrTx, userId: number, key: string): Promise<Connection[]> => {
  const rows = await db.select().from(trackerConnections).where(eq(trackerConnections.userId, userId)).orderBy(trackerConnections.service);
  return rows.map((row) => opened(key, row));
};

/** Connecting again replaces the tokens (a new authorisation) and keeps the sync position. */
export const upsertConnection = (db: DbOrTx, userId: number, service: ApiType, tokens: TrackerTokens, now: Date, key: string) => {
  const accessToken = sealToken(key, tokens.accessToken);
  const refreshToken = tokens.refreshToken === null ? null : sealToken(key, tokens.refreshToken);
  return db
    .insert(trackerConnections)
    .values({ userId, service, ...tokens, accessToken, refreshToken, connectedAt: now })
    .onConflictDoUpdate({
      target: [trackerConnections.userId, trackerConnections.service],
      set: { accessToken, refreshToken, expiresAt: tokens.expiresAt, externalUserId: tokens.externalUserId, connectedAt: now },
    });
};

export const updateTokens = (db: DbOrTx, userId: number, service: ApiType, tokens: TrackerTokens, key: string) =>
  db
    .update(trackerConnections)
    .set({
      accessToken: sealToken(key, tokens.accessToken),
      refreshToken: tokens.refreshToken ? sealToken(key, tokens.refreshToken) : undefined,
      expiresAt: tokens.expiresAt,
    })
    .where(and(eq(trackerConnections.userId, userId), eq(trackerConnections.service, service)));

export const markSynced = (db: DbOrTx, userId: number, service: ApiType, now: Date) =>
  db.update(trackerConnections).set({ lastSyncedAt: now }).where(and(eq(trackerConnections.userId, userId), eq(trackerConnections.service, service)));

/** Deletes the connection; returns it (for revoking at the provider) or null. */
export const deleteConnection = async (db: DbOrTx, userId: number, service: ApiType, key: string): Promise<Connection | null> => {
  const [row] = await db
    .delete(trackerConnections)
    .where(and(eq(trackerConnections.userId, userId), eq(trackerConnections.service, service)))
    .returning();
  return row ? opened(key, row) : null;
};

export type ImportRow = { userId: number; source: 'strava' | 'fitbit'; externalId: string; name: string; movingTime: number; startAt: Date; startDate: string };

/** Inserts new imports; rows already imported (same user, source, external id) are skipped. Returns the inserted days. */
export const insertImports = async (db: DbOrTx, rows: ImportRow[]): Promise<string[]> => {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(activities)
    .values(rows)
    .onConflictDoNothing({ target: [activities.userId, activities.source, activities.externalId], where: sql`${activities.externalId} is not null` })
    .returning({ startDate: activities.startDate });
  return inserted.map((row) => row.startDate);
};
