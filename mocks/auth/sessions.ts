import type { AuthSession } from '@/contract/auth';
import { mockClock } from '../clock';
import { findUserById, mockDb, type MockRefreshSession } from '../db';
import { unauthorized } from '../errors';
import { randomToken } from '../random';
import { toContractUser } from '../serialize';
import { signMockAccessToken } from '../tokens';

/** Refresh sessions as the API's modules/auth/sessions.ts: rotation, grace for a second tab, reuse detection. */

export const REFRESH_COOKIE = 'wc_refresh';
export const REFRESH_COOKIE_OPTIONS = { path: '/api/auth', httpOnly: true, sameSite: 'Strict' as const };
export const REFRESH_TTL_DAYS = 30;
export const REFRESH_GRACE_SECONDS = 10;
const MAX_CHAIN = 5;

export const signedOut = () => unauthorized('Please sign in to continue', 'UNAUTHENTICATED');
export const sessionExpired = () => unauthorized('Your session has expired, please sign in again', 'TOKEN_EXPIRED');
export const sessionRevoked = () => unauthorized('Your session has ended, please sign in again', 'SESSION_REVOKED');

const expiry = (now: Date) => new Date(now.getTime() + REFRESH_TTL_DAYS * 24 * 60 * 60 * 1000).toISOString();
const newId = () => randomToken(12);

const insertSession = (userId: number, familyId: string, now: Date): MockRefreshSession => {
  const session: MockRefreshSession = {
    id: newId(),
    familyId,
    userId,
    token: randomToken(32),
    createdAt: now.toISOString(),
    expiresAt: expiry(now),
    rotatedAt: null,
    replacedBy: null,
    revokedAt: null,
  };
  mockDb.refreshSessions.push(session);
  return session;
};

/** Opens a new family for a sign-in or sign-up; returns the token for the cookie. */
export const createRefreshSession = (userId: number) => insertSession(userId, newId(), mockClock.now()).token;

const findByToken = (token: string) => mockDb.refreshSessions.find((session) => session.token === token) ?? null;
const findById = (id: string | null) => (id ? (mockDb.refreshSessions.find((session) => session.id === id) ?? null) : null);

/** Ends one sign-in: every token of its family. */
export const revokeFamily = (familyId: string, now: Date) => {
  for (const session of mockDb.refreshSessions)
    if (session.familyId === familyId && !session.revokedAt) session.revokedAt = now.toISOString();
};

export const revokeAllSessionsOfUser = (userId: number) => {
  const now = mockClock.now().toISOString();
  for (const session of mockDb.refreshSessions) if (session.userId === userId && !session.revokedAt) session.revokedAt = now;
};

export const authSessionFor = (userId: number): AuthSession => {
  const user = findUserById(userId);
  if (!user) throw signedOut();
  return { accessToken: signMockAccessToken(user), user: toContractUser(user) };
};

/** A rotated token: within the grace period the newest successor, later a replay that revokes the family. */
const followRotation = (presented: MockRefreshSession, now: Date) => {
  const ageMs = now.getTime() - new Date(presented.rotatedAt ?? 0).getTime();
  if (ageMs > REFRESH_GRACE_SECONDS * 1000) {
    revokeFamily(presented.familyId, now);
    throw sessionRevoked();
  }
  let row = presented;
  for (let step = 0; row.rotatedAt && step < MAX_CHAIN; step += 1) {
    const next = findById(row.replacedBy);
    if (!next) throw signedOut();
    row = next;
  }
  if (row.rotatedAt || row.revokedAt) throw sessionRevoked();
  if (new Date(row.expiresAt) <= now) throw sessionExpired();
  return { token: row.token, userId: row.userId };
};

/** Exchanges a refresh token for its successor; throws 401 (and revokes on replay). */
export const rotateRefreshToken = (token: string) => {
  const now = mockClock.now();
  const presented = findByToken(token);
  if (!presented) throw signedOut();
  if (presented.revokedAt) throw sessionRevoked();
  if (presented.rotatedAt) return followRotation(presented, now);
  if (new Date(presented.expiresAt) <= now) throw sessionExpired();
  const next = insertSession(presented.userId, presented.familyId, now);
  presented.rotatedAt = now.toISOString();
  presented.replacedBy = next.id;
  return { token: next.token, userId: next.userId };
};

/** Sign-out: the whole family ends, whatever token of it was presented. */
export const revokeByToken = (token: string) => {
  const row = findByToken(token);
  if (row) revokeFamily(row.familyId, mockClock.now());
};
