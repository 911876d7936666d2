import { CSV_BOM, csvLine, type CsvExport } from '@/domain/csv';
import type { FileDownload } from '@/domain/privacy';
import { HttpResponse } from 'msw';
import { errorBodyOf, type AppError } from './errors';

/** Responses of the mocks: JSON bodies, Set-Cookie, error bodies (same shape as the server's). */

export type CookieOptions = {
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
};

/**
 * How Set-Cookie reaches the next request. `msw-store` (default: browser and jsdom tests) lets MSW's
 * cookie store keep the cookie, because a browser drops Set-Cookie from worker responses and Node's
 * fetch keeps no cookies. `header` leaves cookies to the caller (the contract harness's jars).
 */
let cookieMode: 'msw-store' | 'header' = 'msw-store';
export const setMockCookieMode = (mode: typeof cookieMode) => {
  cookieMode = mode;
};

export const serializeCookie = (name: string, value: string, options: CookieOptions = {}) => {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  if (options.path) parts.push(`Path=${options.path}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  return parts.join('; ');
};

/** A response with a JSON body (or none), carrying Set-Cookie per the cookie mode. */
export const json = (status: number, body: unknown, headers: Headers) => {
  headers.set('content-type', 'application/json; charset=utf-8');
  const init = { status, headers };
  const text = body === undefined ? null : JSON.stringify(body);
  return cookieMode === 'msw-store' ? new HttpResponse(text, init) : new Response(text, init);
};

/** A CSV download, written like the API's http/csv-stream.ts (same lines from @/domain/csv). */
export const csvResponse = (file: CsvExport, headers: Headers) => {
  const rows = file.rows as Iterable<readonly unknown[]>;
  const text = CSV_BOM + csvLine(file.header) + [...rows].map(csvLine).join('');
  headers.set('content-type', 'text/csv; charset=utf-8');
  headers.set('content-disposition', `attachment; filename="${file.fileName}"`);
  headers.set('cache-control', 'no-store');
  return new HttpResponse(text, { status: 200, headers });
};

export const fileResponse = (file: FileDownload, headers: Headers) => {
  headers.set('content-type', file.contentType);
  headers.set('content-disposition', `attachment; filename="${file.fileName}"`);
  headers.set('cache-control', 'no-store');
  return new HttpResponse(file.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
};

export const emptyResponse = (status: number, headers: Headers) =>
  cookieMode === 'msw-store' ? new HttpResponse(null, { status, headers }) : new Response(null, { status, headers });

/** Headers the resolver set before throwing (e.g. a cleared cookie) stay, as on a Fastify reply. */
export const errorResponse = (error: AppError, replyHeaders?: Headers) => {
  const headers = new Headers(replyHeaders);
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  return json(error.statusCode, errorBodyOf(error), headers);
};
