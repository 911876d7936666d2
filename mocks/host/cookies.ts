import type { CookieOptions } from '../../server/http/host';

const sameSite = { strict: 'Strict', lax: 'Lax' } as const;

/** Set-Cookie as @fastify/cookie writes it for the same options. */
export const serializeCookie = (name: string, value: string, options: CookieOptions & { expires?: Date }) => {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  parts.push(`Path=${options.path}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${sameSite[options.sameSite]}`);
  return parts.join('; ');
};

export const expiredCookie = (name: string, options: CookieOptions) => serializeCookie(name, '', { ...options, maxAge: 0, expires: new Date(0) });

/** The cookies of a Cookie header (the contract harness's own jars send them). */
export const headerCookies = (header: string | null) => {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return cookies;
};
