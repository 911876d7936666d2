import { base64UrlOf, bytesOfBase64Url, textOf, utf8 } from './bytes';
import { hmacSha256 } from './tokens';

/*
 * Compact JWTs signed with HS256 (RFC 7515/7519), synchronous and the same code on both hosts.
 * Tokens read exactly as fast-jwt wrote them before (same header, same claims order).
 */
const HEADER = base64UrlOf(utf8(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

export const signJwt = (secret: string, claims: object) => {
  const signingInput = `${HEADER}.${base64UrlOf(utf8(JSON.stringify(claims)))}`;
  return `${signingInput}.${hmacSha256(secret, signingInput)}`;
};

const jsonObjectOf = (segment: string): Record<string, unknown> | null => {
  const parsed: unknown = JSON.parse(textOf(bytesOfBase64Url(segment)));
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
};

/** Text equality whose time does not depend on where the first difference is. */
const sameText = (a: string, b: string) => {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
};

/** The claims of a token signed with `secret` under HS256, or null for anything else. Expiry is the caller's. */
export const verifyJwt = (secret: string, token: string): Record<string, unknown> | null => {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  // Compared as text: the expected side is canonical base64url, so a re-spelt signature is refused too.
  if (!sameText(signature, hmacSha256(secret, `${header}.${payload}`))) return null;
  try {
    const head = jsonObjectOf(header);
    if (!head || head.alg !== 'HS256') return null;
    return jsonObjectOf(payload);
  } catch {
    return null;
  }
};
