import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { importTokens } from '../../db/import-tokens-schema';
import { repoOf } from '../../db/repo-of';

/** SQL of the personal import tokens; every query is scoped to its owner. */

const tokenColumns = { id: importTokens.id, name: importTokens.name, createdAt: importTokens.createdAt, lastUsedAt: importTokens.lastUsedAt };
export type TokenRow = { id: number; name: string; createdAt: Date; lastUsedAt: Date | null };

const inForce = (userId: number) => and(eq(importTokens.userId, userId), isNull(importTokens.revokedAt));

/** The owner's tokens in force, newest first. */
export const tokensOf = (db: DbOrTx, userId: number): Promise<TokenRow[]> =>
  db.select(tokenColumns).from(importTokens).where(inForce(userId)).orderBy(desc(importTokens.createdAt), desc(importTokens.id));

export const countTokensInForce = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select({ value: count() }).from(importTokens).where(inForce(userId));
  return row?.value ?? 0;
};

export const insertToken = async (db: DbOrTx, row: { userId: number; name: string; tokenHash: string; createdAt: Date }): Promise<TokenRow> => {
  const [inserted] = await db.insert(importTokens).values(row).returning(tokenColumns);
  return inserted!;
};

/** Revokes one of the owner's tokens in force; its name, or null when the owner has no such token. */
export const revokeToken = async (db: DbOrTx, userId: number, id: number, now: Date) => {
  const [row] = await db
    .update(importTokens)
    .set({ revokedAt: now })
    .where(and(eq(importTokens.id, id), inForce(userId)))
    .returning({ name: importTokens.name });
  return row?.name ?? null;
};

/** Notes a use of a token still in force (row-locked until the import commits); false once it was revoked. */
export const markUsed = async (db: DbOrTx, id: number, now: Date) => {
  const rows = await db
    .update(importTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(importTokens.id, id), isNull(importTokens.revokedAt)))
    .returning({ id: importTokens.id });
  return rows.length === 1;
};

export const phoneAppsRepo = repoOf({ tokensOf, countTokensInForce, insertToken, revokeToken, markUsed });
