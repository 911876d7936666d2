import { HttpResponse, delay, http, type HttpHandler } from 'msw';
import type { z } from 'zod';
import type { Endpoint, Role } from '../src/api/contract/common';
import { AppError, SERVER_ERROR_MESSAGE, errorBodyOf, forbidden, internalError, issuePath, unauthorized, validationBody } from './errors';
import { readMultipart, type MultipartFiles } from './multipart';
import { notifyMockDbChanged } from './persistence';
import { mockScenario, SLOW_SCENARIO_MS } from './scenarios';
import { verifyMockAccessToken } from './tokens';

/** What an access token proves about the caller (same as server/auth/access-token.ts). */
export type MockAuthUser = { id: number; role: Role };

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Result<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : void;

export type CookieOptions = { path?: string; maxAge?: number; expires?: Date; httpOnly?: boolean; sameSite?: 'Strict' | 'Lax' | 'None'; secure?: boolean };

/** Lets a resolver add headers and cookies to its success response (like Fastify's reply). */
export type MockReply = {
  header: (name: string, value: string) => void;
  setCookie: (name: string, value: string, options?: CookieOptions) => void;
  clearCookie: (name: string, options?: CookieOptions) => void;
};

export type MockInput<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** File parts of a multipart request, by field name (e.g. `photo`). */
  files: MultipartFiles;
  /** The caller; null only on guest endpoints. */
  user: E['auth'] extends 'guest' ? MockAuthUser | null : MockAuthUser;
  cookies: Record<string, string>;
  request: Request;
  reply: MockReply;
};

export type MockResolver<E extends Endpoint> = (input: MockInput<E>) => Promise<Result<E>> | Result<E>;

/**
 * How Set-Cookie reaches the next request. `msw-store` (default: browser and jsdom tests) lets MSW's
 * cookie store keep the cookie, because a browser drops Set-Cookie from worker responses and Node's
 * fetch keeps no cookies. `header` leaves cookies to the caller (the contract harness's jars).
 */
let cookieMode: 'msw-store' | 'header' = 'msw-store';
export const setMockCookieMode = (mode: typeof cookieMode) => {
  cookieMode = mode;
};

const serializeCookie = (name: string, value: string, options: CookieOptions = {}) => {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  if (options.path) parts.push(`Path=${options.path}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  return parts.join('; ');
};

const json = (status: number, body: unknown, headers: Headers) => {
  headers.set('content-type', 'application/json; charset=utf-8');
  const init = { status, headers };
  const text = body === undefined ? null : JSON.stringify(body);
  return cookieMode === 'msw-store' ? new HttpResponse(text, init) : new Response(text, init);
};

/** Headers the resolver set before throwing (e.g. a cleared cookie) stay, as on a Fastify reply. */
const errorResponse = (error: AppError, replyHeaders?: Headers) => {
  const headers = new Headers(replyHeaders);
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  return json(error.statusCode, errorBodyOf(error), headers);
};

/** Raised while reading the request, before validation (Fastify's content-type parsing). */
const clientError = (statusCode: number, message: string) => new AppError(statusCode, 'VALIDATION_FAILED', message);

/** Reads a JSON body the way Fastify's default parsers do; `undefined` when there is none. */
const readJsonBody = async (request: Request): Promise<unknown> => {
  const text = await request.text();
  const type = request.headers.get('content-type');
  if (!type) return text === '' ? undefined : text;
  if (/^application\/json/i.test(type)) {
    if (text === '') throw clientError(400, 'The request body is empty');
    try {
      return JSON.parse(text);
    } catch {
      throw clientError(400, 'The request body is not valid JSON');
    }
  }
  if (/^text\/plain/i.test(type)) return text;
  // @fastify/multipart takes multipart bodies without parsing them (the handler reads the parts).
  if (/^multipart\/form-data/i.test(type)) return undefined;
  throw clientError(415, 'This content type is not accepted here');
};

/** Query string as Fastify parses it: repeated keys become arrays. */
const readQuery = (url: URL) => {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const existing = query[key];
    query[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
};

/** Validates one part like fastify-type-provider-zod (missing -> null), or throws the 400 body. */
export const validatePart = (schema: z.ZodType | undefined, value: unknown) => {
  if (!schema) return value;
  const result = schema.safeParse(value === undefined ? null : value);
  if (result.success) return result.data;
  throw new ValidationFailure(result.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })));
};

export class ValidationFailure extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super('validation failed');
  }
}

const bearer = (request: Request) => {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
};

/** Same rules and messages as server/http/route.ts `authorize`. */
const authorize = (endpoint: Endpoint, request: Request): MockAuthUser | null => {
  const token = bearer(request);
  if (endpoint.auth === 'guest') {
    if (!token) return null;
    try {
      return verifyMockAccessToken(token);
    } catch {
      return null;
    }
  }
  if (!token) throw unauthorized();
  const user = verifyMockAccessToken(token);
  if (endpoint.auth === 'admin' && user.role !== 'admin') throw forbidden();
  if (endpoint.auth === 'user' && user.role !== 'user') throw forbidden('This is available to employees only');
  return user;
};

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/**
 * One MSW handler for one contract endpoint, behaving like the server's `route(...)`:
 * content-type parsing, then params -> body -> query validation (first failing part answers 400),
 * then the auth level, then (multipart) the form fields, then the resolver; its result is checked
 * against the response schema (a mismatch answers 500, as the server's serializer does).
 */
export const mockRoute = <E extends Endpoint>(endpoint: E, resolver: MockResolver<E>): HttpHandler => {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](`*/api${endpoint.path}`, async ({ request, params, cookies }) => {
    const latency = mockScenario.latency();
    if (latency > 0) await delay(latency);
    const scenario = mockScenario.take({ authenticated: endpoint.auth !== 'guest' });
    if (scenario === 'network-error') return HttpResponse.error();
    if (scenario === 'server-error') return errorResponse(internalError());
    if (scenario === 'expired-session') return errorResponse(unauthorized('Your session has expired', 'TOKEN_EXPIRED'));
    if (scenario === 'slow') await delay(SLOW_SCENARIO_MS);

    const headers = new Headers();
    try {
      const url = new URL(request.url);
      const isMultipart = /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '');
      // Multipart parts are read after the auth check, like the server's handler does.
      const rawBody = endpoint.method === 'GET' || (endpoint.multipart && isMultipart) ? undefined : await readJsonBody(request);
      let validated: { params: unknown; body: unknown; query: unknown };
      try {
        const rawParams = Object.fromEntries(paramNames(endpoint.path).map((name) => [name, String(params[name] ?? '')]));
        validated = {
          params: validatePart(endpoint.params, rawParams),
          body: endpoint.multipart ? undefined : validatePart(endpoint.body, rawBody),
          query: validatePart(endpoint.query, readQuery(url)),
        };
      } catch (error) {
        if (error instanceof ValidationFailure) return json(400, validationBody(error.issues), headers);
        throw error;
      }
      const user = authorize(endpoint, request);
      let files: MultipartFiles = {};
      if (endpoint.multipart) {
        const form = await readMultipart(endpoint, request, rawBody);
        if ('issues' in form) return json(400, validationBody(form.issues), headers);
        validated.body = form.body;
        files = form.files;
      }
      const reply: MockReply = {
        header: (name, value) => headers.set(name, value),
        setCookie: (name, value, options) => headers.append('set-cookie', serializeCookie(name, value, options)),
        clearCookie: (name, options) => headers.append('set-cookie', serializeCookie(name, '', { ...options, maxAge: 0, expires: new Date(0) })),
      };
      const result = await resolver({ ...validated, files, user, cookies, request, reply } as MockInput<E>);
      if (endpoint.method !== 'GET') notifyMockDbChanged();
      if (endpoint.status === 204 || !endpoint.response) {
        return cookieMode === 'msw-store' ? new HttpResponse(null, { status: endpoint.status, headers }) : new Response(null, { status: endpoint.status, headers });
      }
      const encoded = endpoint.response.safeEncode(result);
      if (!encoded.success) {
        console.error(`[mocks] ${endpoint.method} ${endpoint.path} answered outside the contract`, encoded.error.issues);
        return errorResponse(internalError());
      }
      return json(endpoint.status, encoded.data, headers);
    } catch (error) {
      if (error instanceof AppError) {
        if (endpoint.method !== 'GET') notifyMockDbChanged();
        return errorResponse(error, headers);
      }
      console.error(`[mocks] ${endpoint.method} ${endpoint.path} failed`, error);
      return json(500, { statusCode: 500, serverCode: 'INTERNAL_ERROR', message: SERVER_ERROR_MESSAGE }, new Headers());
    }
  });
};
