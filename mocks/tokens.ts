import type { Role } from '@/contract/common';
import { mockClock } from './clock';
import { unauthorized } from './errors';

/** Same lifetime as the server's default ACCESS_TOKEN_TTL_SECONDS. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const decode = (part: string) => JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;

/**
 * An unsigned JWT-shaped access token (`alg: none`): the mocks trust themselves. It expires by the
 * mock clock exactly like jose does on the server (`exp <= now` in whole seconds).
 */
export const signMockAccessToken = (user: { id: number; role: Role }) => {
  const iat = Math.floor(mockClock.now().getTime() / 1000);
  const nonce = Math.random().toString(36).slice(2, 10);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: String(user.id), role: user.role, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS, jti: nonce })}.mock`;
};

/** Same errors as the API's http/access-token.ts: TOKEN_EXPIRED when old, UNAUTHENTICATED otherwise. */
export const verifyMockAccessToken = (token: string): { id: number; role: Role } => {
  const [, payloadPart, signature] = token.split('.');
  let payload: { sub?: unknown; role?: unknown; exp?: unknown };
  try {
    if (!payloadPart || signature !== 'mock') throw new Error('not a mock token');
    payload = decode(payloadPart) as typeof payload;
  } catch {
    throw unauthorized();
  }
  const id = Number(payload.sub);
  const role = payload.role;
  if (!Number.isInteger(id) || (role !== 'admin' && role !== 'user') || typeof payload.exp !== 'number') throw unauthorized();
  if (payload.exp <= Math.floor(mockClock.now().getTime() / 1000)) throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
  return { id, role };
};
