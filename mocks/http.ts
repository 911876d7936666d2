import { HttpResponse, delay, http, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { NUL_ISSUE, containsNul, honoursIdempotencyKey, type Endpoint, type Role } from '@/contract/common';
import { AppError, SERVER_ERROR_MESSAGE, forbidden, internalError, unauthorized, validationBody } from './errors';
import { readMultipart, type MultipartFiles } from './multipart';
import { notifyMockDbChanged } from './persistence';
import { ValidationFailure, readJsonBody, readQuery, validatePart } from './request';
import { csvResponse, emptyResponse, fileResponse, errorResponse, json, serializeCookie, type CookieOptions } from './responses';
import type { CsvExport } from '@/domain/csv';
import type { FileDownload } from '@/domain/privacy';
import { mockIdempotencyKeyOf, storeAnswer, storedAnswer } from './idempotency';
import { mockScenario, SLOW_SCENARIO_MS } from './scenarios';
import { mockNetwork } from './network';
import { verifyMockAccessToken } from './tokens';

/** What an access token proves about the caller (same as the API's http/access-token.ts). */
export type MockAuthUser = { id: number; role: Role };

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Result<E extends Endpoint> = E['produces'] extends 'csv'
  ? CsvExport
  : E['produces'] extends 'file'
    ? FileDownload
    : E['response'] extends z.ZodType
      ? z.input<E['response']>
      : void;

export { setMockCookieMode, type CookieOptions } from './responses';
export { validatePart } from './request';

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

const bearer = (request: Request) => {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
};

/** Same rules and messages as the API's http/route.ts `authorize`. */
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
 * the auth level first, then content-type parsing, then params -> body -> query validation (first
 * failing part answers 400), then (multipart) the form fields, then the resolver; its result is checked
 * against the response schema (a mismatch answers 500, as the server's serializer does).
 */
export const mockRoute = <E extends Endpoint>(endpoint: E, resolver: MockResolver<E>): HttpHandler => {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](`*/api${endpoint.path}`, async ({ request, params, cookies }) => {
    // The simulated connection is gone: no answer at all, as with the network down.
    if (mockNetwork.isOffline()) return HttpResponse.error();
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
      // Who may call comes first, whatever was sent (the server checks the role before parsing anything).
      const user = authorize(endpoint, request);
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
      if (containsNul(validated)) return json(400, validationBody([NUL_ISSUE]), headers);
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
        clearCookie: (name, options) =>
          headers.append('set-cookie', serializeCookie(name, '', { ...options, maxAge: 0, expires: new Date(0) })),
      };
      // Creations and replayable edits and deletes by a signed-in caller honour Idempotency-Key, as on the server.
      const idempotencyKey = honoursIdempotencyKey(endpoint) && user ? mockIdempotencyKeyOf(request) : undefined;
      const scope = `user:${user?.id}`;
      const requestHash = `${endpoint.method} ${url.pathname}${url.search}\n${JSON.stringify(endpoint.multipart ? null : rawBody ?? null)}`;
      if (idempotencyKey) {
        const stored = storedAnswer(scope, idempotencyKey, requestHash);
        if (stored) {
          headers.set('idempotent-replayed', 'true');
          return stored.status === 204 ? emptyResponse(204, headers) : json(stored.status, stored.body, headers);
        }
      }
      const result = await resolver({ ...validated, files, user, cookies, request, reply } as MockInput<E>);
      if (endpoint.method !== 'GET') notifyMockDbChanged();
      if (endpoint.produces === 'csv') return csvResponse(result as unknown as CsvExport, headers);
      if (endpoint.produces === 'file') return fileResponse(result as unknown as FileDownload, headers);
      if (endpoint.status === 204 || !endpoint.response) {
        if (idempotencyKey) storeAnswer(scope, idempotencyKey, requestHash, endpoint.status, null);
        return emptyResponse(endpoint.status, headers);
      }
      const encoded = endpoint.response.safeEncode(result);
      if (!encoded.success) {
        console.error(`[mocks] ${endpoint.method} ${endpoint.path} answered outside the contract`, encoded.error.issues);
        return errorResponse(internalError());
      }
      if (idempotencyKey) storeAnswer(scope, idempotencyKey, requestHash, endpoint.status, encoded.data);
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
