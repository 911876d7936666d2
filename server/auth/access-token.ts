import { SignJWT, errors, jwtVerify } from 'jose';
import type { Role } from '../../src/api/contract/common';
import { unauthorized } from '../errors';

/** What an access token proves about the caller. */
export type AuthUser = { id: number; role: Role };

const key = (secret: string) => new TextEncoder().encode(secret);

export const signAccessToken = (user: AuthUser, secret: string, now: Date, ttlSeconds: number) => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: user.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
};

/** Verifies against the injected clock, so tests can let tokens expire without waiting. */
export const verifyAccessToken = async (token: string, secret: string, now: Date): Promise<AuthUser> => {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], currentDate: now });
    const id = Number(payload.sub);
    const role = payload.role;
    if (!Number.isInteger(id) || (role !== 'admin' && role !== 'user')) throw unauthorized();
    return { id, role };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
    throw unauthorized();
  }
};
