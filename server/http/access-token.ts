import { TokenError, createSigner, createVerifier } from 'fast-jwt';
import type { Role } from '@/contract/common';
import { unauthorized } from '@/domain/errors';

/** What an access token proves about the caller; `sid` names the sign-in (refresh family) it belongs to. */
export type AuthUser = { id: number; role: Role; sid?: string };

type Claims = { sub: string; role: unknown; sid?: unknown; iat: number; exp: number };

/*
 * fast-jwt signs and checks HS256 with node:crypto synchronously: every authenticated request
 * verifies a token, and WebCrypto's async HMAC cost ~0.15 ms of CPU per call. Signer and verifier
 * are built once per secret; verified tokens are remembered (rememberVerified). Expiry is checked here
 * against the injected clock (tests move time).
 */
const TOKEN_CACHE_SIZE = 5000;

/**
 * A session sends the same token for up to 15 minutes: the verified ones are remembered, keyed by
 * the token itself (no two tokens share a key). fast-jwt's own cache hashes each token with SHA-256
 * after decoding its header, ~2 % of a hot read's CPU. Refused tokens are not remembered; a full
 * map is emptied (one verification each afterwards). Expiry is checked by the caller on every call.
 */
const rememberVerified = (verify: (token: string) => Claims) => {
  const verified = new Map<string, Claims>();
  return (token: string) => {
    const known = verified.get(token);
    if (known) return known;
    const claims = verify(token);
    if (verified.size >= TOKEN_CACHE_SIZE) verified.clear();
    verified.set(token, claims);
    return claims;
  };
};

const signers = new Map<string, (payload: object) => string>();
const verifiers = new Map<string, (token: string) => Claims>();

const signerFor = (secret: string) => {
  let sign = signers.get(secret);
  if (!sign) {
    sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
    signers.set(secret, sign);
  }
  return sign;
};

const verifierFor = (secret: string) => {
  let verify = verifiers.get(secret);
  if (!verify) {
    verify = rememberVerified(createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true }) as (token: string) => Claims);
    verifiers.set(secret, verify);
  }
  return verify;
};

export const signAccessToken = async (user: AuthUser, secret: string, now: Date, ttlSeconds: number) => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const session = user.sid ? { sid: user.sid } : {};
  return signerFor(secret)({ sub: String(user.id), role: user.role, ...session, iat: issuedAt, exp: issuedAt + ttlSeconds });
};

/** Verifies against the injected clock, so tests can let tokens expire without waiting. */
export const verifyAccessToken = async (token: string, secret: string, now: Date): Promise<AuthUser> => {
  let claims: Claims;
  try {
    claims = verifierFor(secret)(token);
  } catch (error) {
    if (error instanceof TokenError) throw unauthorized();
    throw error;
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now.getTime()) {
    throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
  }
  const id = Number(claims.sub);
  const role = claims.role;
  if (!Number.isInteger(id) || (role !== 'admin' && role !== 'user')) throw unauthorized();
  return typeof claims.sid === 'string' ? { id, role, sid: claims.sid } : { id, role };
};
