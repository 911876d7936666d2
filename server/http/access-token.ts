import type { Role } from '@/contract/common';
import { unauthorized } from '@/domain/errors';
import { signJwt, verifyJwt } from './jwt-hs256';
import { randomToken } from './tokens';

/**
 * What an access token proves about the caller; `sid` names the sign-in (refresh family) it belongs
 * to. Every token the server signs names one, and a token without it is refused: its liveness could
 * not be checked (sign-out and revocation would not reach it).
 */
export type AuthUser = { id: number; role: Role; sid: string };

type Claims = Record<string, unknown>;

/*
 * HS256 on @noble/hashes (jwt-hs256.ts): synchronous like node:crypto, and the same code in Node and
 * in the browser host. Every authenticated request verifies a token, and WebCrypto's async HMAC
 * costs ~0.15 ms of CPU per call: verified tokens are remembered (rememberVerified). Expiry is
 * checked here against the injected clock (tests move time).
 */
const TOKEN_CACHE_SIZE = 5000;

const sessionUnnamed = () => unauthorized('Your session has ended, please sign in again', 'SESSION_REVOKED');

/**
 * A session sends the same token for up to 15 minutes: the verified ones are remembered, keyed by
 * the token itself (no two tokens share a key). Refused tokens are not remembered; a full map is
 * emptied (one verification each afterwards). Expiry is checked by the caller on every call.
 */
const rememberVerified = (secret: string) => {
  const verified = new Map<string, Claims>();
  return (token: string) => {
    const known = verified.get(token);
    if (known) return known;
    const claims = verifyJwt(secret, token);
    if (!claims) return null;
    if (verified.size >= TOKEN_CACHE_SIZE) verified.clear();
    verified.set(token, claims);
    return claims;
  };
};

const verifiers = new Map<string, (token: string) => Claims | null>();

const verifierFor = (secret: string) => {
  let verify = verifiers.get(secret);
  if (!verify) {
    verify = rememberVerified(secret);
    verifiers.set(secret, verify);
  }
  return verify;
};

/**
 * Claims in the order tokens have always had (`iat` is not sent: nothing reads it), then `jti`: without
 * it two tokens of one session issued in the same second (a refresh right after sign-in) were the same
 * string, so a refresh did not visibly replace the token it renewed.
 */
export const signAccessToken = async (user: AuthUser, secret: string, now: Date, ttlSeconds: number) => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return signJwt(secret, { sub: String(user.id), role: user.role, sid: user.sid, exp: issuedAt + ttlSeconds, jti: randomToken(12) });
};

/** Verifies against the injected clock, so tests can let tokens expire without waiting. */
export const verifyAccessToken = async (token: string, secret: string, now: Date): Promise<AuthUser> => {
  const claims = verifierFor(secret)(token);
  if (!claims) throw unauthorized();
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now.getTime()) {
    throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
  }
  const id = Number(claims.sub);
  const role = claims.role;
  if (!Number.isInteger(id) || (role !== 'admin' && role !== 'user')) throw unauthorized();
  // A token naming no sign-in (made before tokens named one, or forged with a leaked secret) cannot be ended: refused.
  if (typeof claims.sid !== 'string' || claims.sid === '') throw sessionUnnamed();
  return { id, role, sid: claims.sid };
};
