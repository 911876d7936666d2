import { and, eq } from 'drizzle-orm';
import { AppError } from '@/domain/errors';
import type { DbOrTx } from '../db/client';
import { importTokens } from '../db/import-tokens-schema';
import { users } from '../db/schema';
import { randomToken, sha256 } from './tokens';

/**
 * Who a personal import token speaks for (docs/security.md#import-tokens): an employee, through one
 * token, on the import endpoints only. It is not an AuthUser: no handler of any other endpoint can
 * be given one, and an access token is never one.
 */
export type ImportCaller = { kind: 'import-token'; userId: number; tokenId: number; tokenName: string };

export const isImportCaller = (caller: unknown): caller is ImportCaller => (caller as ImportCaller | null)?.kind === 'import-token';

/** Tokens carry a prefix, so a leaked one is recognised (secret scanners, logs) and never taken for an access token. */
export const IMPORT_TOKEN_PREFIX = 'wci_';
/** 256 random bits after the prefix. */
export const newImportToken = () => `${IMPORT_TOKEN_PREFIX}${randomToken(32)}`;
export const importTokenHash = (token: string) => sha256(token);

const bearerChallenge = { 'www-authenticate': 'Bearer realm="import"' };
const whereToGetOne = 'Create one under "Connect a phone app" on your profile.';

export const importTokenMissing = () => new AppError(401, 'UNAUTHENTICATED', `Send your import token as "Authorization: Bearer <token>". ${whereToGetOne}`, bearerChallenge);
export const unknownToken = () => new AppError(401, 'IMPORT_TOKEN_INVALID', `This import token is not valid. ${whereToGetOne}`, bearerChallenge);
export const revokedToken = () => new AppError(401, 'IMPORT_TOKEN_REVOKED', `This import token was revoked. ${whereToGetOne}`, bearerChallenge);

/**
 * The employee behind an import token: its hash must name a token of an employee (role `user`);
 * a revoked token is told so. One indexed probe (import_tokens_hash_unique).
 */
export const importCallerOf = async (db: DbOrTx, token: string): Promise<ImportCaller> => {
  if (!token.startsWith(IMPORT_TOKEN_PREFIX) || token.length > 100) throw unknownToken();
  const [row] = await db
    .select({ id: importTokens.id, userId: importTokens.userId, name: importTokens.name, revokedAt: importTokens.revokedAt })
    .from(importTokens)
    .innerJoin(users, and(eq(users.id, importTokens.userId), eq(users.role, 'user')))
    .where(eq(importTokens.tokenHash, importTokenHash(token)));
  if (!row) throw unknownToken();
  if (row.revokedAt) throw revokedToken();
  return { kind: 'import-token', userId: row.userId, tokenId: row.id, tokenName: row.name };
};
