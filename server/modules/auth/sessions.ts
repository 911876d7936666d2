import type { AuthSession } from '@/contract/auth';
import { signAccessToken } from '../../http/access-token';
import { sha256, randomToken, successorToken } from '../../http/tokens';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { unauthorized } from '@/domain/errors';
import { usersRepo } from '../users/repo';
import { authRepo, type RefreshSessionRow } from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Refresh sessions (docs/product-rules.md#sessions): rotated on every use, with reuse detection per family. */

export const signedOut = () => unauthorized('Please sign in to continue', 'UNAUTHENTICATED');
export const sessionExpired = () => unauthorized('Your session has expired, please sign in again', 'TOKEN_EXPIRED');
export const sessionRevoked = () => unauthorized('Your session has ended, please sign in again', 'SESSION_REVOKED');

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of a sign-in, however often it is refreshed: SESSION_MAX_DAYS after it was made. */
const absoluteEnd = (deps: Deps, signedInAt: Date) => new Date(signedInAt.getTime() + deps.config.sessionMaxDays * DAY_MS);

/** A refresh token lasts REFRESH_TOKEN_TTL_DAYS from its rotation, never past its sign-in's absolute end. */
const expiry = (deps: Deps, now: Date, signedInAt: Date) => new Date(Math.min(now.getTime() + deps.config.refreshTokenTtlDays * DAY_MS, absoluteEnd(deps, signedInAt).getTime()));

/** How a sign-in was made: with a password (sign-in, sign-up, invitation) or through single sign-on. */
export type SignInMethod = RefreshSessionRow['signInMethod'];

/** Opens a new family for a sign-in or sign-up; returns the raw token for the cookie. */
export const createRefreshSession = async (deps: Deps, db: DbOrTx, userId: number, now: Date, signInMethod: SignInMethod) => {
  const token = randomToken(32);
  const familyId = crypto.randomUUID();
  await authRepo(db).insertSession({ id: crypto.randomUUID(), familyId, userId, tokenHash: sha256(token), createdAt: now, expiresAt: expiry(deps, now, now), signedInAt: now, signInMethod });
  return { token, familyId };
};

/** The response body of signin, signup and refresh; the access token names its session (`sid`). */
export const authSessionFor = async (deps: Deps, userId: number, familyId: string, now: Date): Promise<AuthSession> => {
  const user = await usersRepo(deps.db).loadUser(userId, now);
  if (!user) throw signedOut();
  const accessToken = await signAccessToken({ id: user.id, role: user.role, sid: familyId }, deps.config.jwtSecret, now, deps.config.accessTokenTtlSeconds);
  return { accessToken, user };
};

const MAX_CHAIN = 5;

/**
 * A token that was already rotated: within the grace period (two tabs refreshing at once) the
 * caller gets the newest successor of the chain; later, it is a replay and the family is revoked.
 */
const followRotation = async (deps: Deps, presented: RefreshSessionRow, token: string, now: Date) => {
  const ageMs = now.getTime() - (presented.rotatedAt?.getTime() ?? 0);
  if (ageMs > deps.config.refreshGraceSeconds * 1000) {
    await authRepo(deps.db).revokeFamily(presented.familyId, now);
    throw sessionRevoked();
  }
  let row = presented;
  let current = token;
  for (let step = 0; row.rotatedAt && step < MAX_CHAIN; step += 1) {
    current = successorToken(current, deps.config.jwtSecret);
    const next = await authRepo(deps.db).findSessionByHash(sha256(current));
    if (!next) throw signedOut();
    row = next;
  }
  if (row.rotatedAt || row.revokedAt) throw sessionRevoked();
  if (row.expiresAt <= now) throw sessionExpired();
  return { token: current, userId: row.userId, familyId: row.familyId };
};

/** Exchanges a refresh token for its successor; throws 401 (and revokes on replay). */
export const rotateRefreshToken = async (deps: Deps, token: string) => {
  const now = deps.clock.now();
  const presented = await authRepo(deps.db).findSessionByHash(sha256(token));
  if (!presented) throw signedOut();
  if (presented.revokedAt) throw sessionRevoked();
  if (presented.rotatedAt) return followRotation(deps, presented, token, now);
  if (presented.expiresAt <= now || absoluteEnd(deps, presented.signedInAt) <= now) throw sessionExpired();
  // A password sign-in outlives no switch to single sign-on only (start-up ends them; this is the backstop).
  if (!deps.config.passwordSignin && presented.signInMethod === 'password') {
    await authRepo(deps.db).revokeFamily(presented.familyId, now);
    throw sessionRevoked();
  }

  const next = successorToken(token, deps.config.jwtSecret);
  const nextId = crypto.randomUUID();
  const won = await deps.db.transaction(async (tx) => {
    const repo = authRepo(tx);
    if (!(await repo.markRotated(presented.id, nextId, now))) return false;
    await repo.insertSession({
      id: nextId,
      familyId: presented.familyId,
      userId: presented.userId,
      tokenHash: sha256(next),
      createdAt: now,
      expiresAt: expiry(deps, now, presented.signedInAt),
      signedInAt: presented.signedInAt,
      signInMethod: presented.signInMethod,
    });
    return true;
  });
  if (won) return { token: next, userId: presented.userId, familyId: presented.familyId };
  // Another request rotated it a moment ago: treat exactly like a second tab.
  const again = await authRepo(deps.db).findSessionByHash(sha256(token));
  if (!again || again.revokedAt || !again.rotatedAt) throw sessionRevoked();
  return followRotation(deps, again, token, now);
};

/** Sign-out: the whole family ends, whatever token of it was presented. */
export const revokeByToken = async (deps: Deps, token: string) => {
  const row = await authRepo(deps.db).findSessionByHash(sha256(token));
  if (row) await authRepo(deps.db).revokeFamily(row.familyId, deps.clock.now());
};
