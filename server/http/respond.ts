import type { z } from 'zod';
import { NUL_ISSUE, containsNul, honoursIdempotencyKey, type Endpoint } from '@/contract/common';
import type { CsvExport } from '@/domain/csv';
import { forbidden, unauthorized } from '@/domain/errors';
import type { FileDownload } from '@/domain/privacy';
import { verifyAccessToken, type AuthUser } from './access-token';
import { csvDownload, fileDownload } from './downloads';
import { internalErrorAnswer } from './error-answer';
import type { HostAnswer, HostHeaders, HostReply, HostRequest } from './host';
import { idempotencyKeyOf, idempotent, requestHashOf } from './idempotency';
import { PreSerialized } from './pre-serialized';
import type { RouteEntry } from './route-table';
import { ValidationError, zodValidationError } from './validation-error';
import type { AppDeps } from '../deps';
import { importCallerOf, importTokenMissing, isImportCaller, type ImportCaller } from './import-token';

/** Who is calling: a signed-in person (an access token) or a phone app (an import token, import endpoints only). */
export type Caller = AuthUser | ImportCaller;

const header = (headers: HostHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const bearer = (headers: HostHeaders) => {
  const value = header(headers, 'authorization');
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length).trim() : undefined;
};

/**
 * Resolves the caller and enforces the endpoint's role (docs/product-rules.md#permissions: the
 * server enforces every permission). Hosts call it first of all, before the body is even read: a
 * guest gets 401 and a wrong role 403 whatever was sent.
 */
export const authorize = async (endpoint: Endpoint, headers: HostHeaders, deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'sessionLiveness'>): Promise<Caller | null> => {
  const token = bearer(headers);
  // Import endpoints take an import token and nothing else; every other endpoint reads the bearer as an access token, which an import token never is.
  if (endpoint.auth === 'importToken') {
    if (!token) throw importTokenMissing();
    return importCallerOf(deps.db, token);
  }
  if (endpoint.auth === 'guest') {
    return token ? verifyAccessToken(token, deps.config.jwtSecret, deps.clock.now()).catch(() => null) : null;
  }
  if (!token) throw unauthorized();
  const user = await verifyAccessToken(token, deps.config.jwtSecret, deps.clock.now());
  await deps.sessionLiveness(user);
  if (endpoint.auth === 'admin' && user.role !== 'admin') throw forbidden();
  if (endpoint.auth === 'user' && user.role !== 'user') throw forbidden('This is available to employees only');
  return user;
};

/** One part of the request against its schema (a missing part is validated as null). */
const validatePart = (schema: z.ZodType | undefined, value: unknown) => {
  if (!schema) return value;
  const result = schema.safeParse(value === undefined ? null : value);
  if (!result.success) throw zodValidationError(result.error);
  return result.data;
};

/** Params, then body, then query: the first part that fails answers 400 with its issues. */
const validate = (endpoint: Endpoint, raw: { params: unknown; query: unknown; body: unknown }) => {
  const params = validatePart(endpoint.params, raw.params);
  const body = endpoint.multipart ? undefined : validatePart(endpoint.body, raw.body);
  const query = validatePart(endpoint.query, raw.query);
  // PostgreSQL text cannot hold NUL: refuse it here, whatever field it hides in (never a 500).
  if (containsNul(params) || containsNul(query) || containsNul(body)) throw new ValidationError([NUL_ISSUE]);
  return { params, body, query };
};

const json = (status: number, text: string, headers: Record<string, string> = {}): HostAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: { kind: 'json', text },
});

/** An export as it is read (CSV lines from database batches) or a whole file: server/http/downloads.ts. */
const csvAnswer = (file: CsvExport): HostAnswer => {
  const { status, headers, lines } = csvDownload(file);
  return { status, headers, body: { kind: 'lines', lines } };
};

const fileAnswer = (file: FileDownload): HostAnswer => {
  const { status, headers, body } = fileDownload(file);
  return { status, headers, body: { kind: 'bytes', bytes: body } };
};

/** The endpoint's JSON: written by the database already (PreSerialized), or encoded with the contract. */
const jsonText = (endpoint: Endpoint, result: unknown) => {
  if (result instanceof PreSerialized) return result.json;
  const encoded = endpoint.response!.safeEncode(result);
  if (!encoded.success) throw new ResponseOutsideContract(endpoint, encoded.error);
  return JSON.stringify(encoded.data);
};

class ResponseOutsideContract extends Error {
  constructor(endpoint: Endpoint, readonly issues: z.ZodError) {
    super(`${endpoint.method} ${endpoint.path} answered outside the contract`);
  }
}

const successAnswer = (endpoint: Endpoint, result: unknown): HostAnswer => {
  if (endpoint.produces === 'csv') return csvAnswer(result as CsvExport);
  if (endpoint.produces === 'file') return fileAnswer(result as FileDownload);
  if (endpoint.status === 204 || !endpoint.response) return { status: endpoint.status, headers: {}, body: { kind: 'empty' } };
  return json(endpoint.status, jsonText(endpoint, result));
};

/**
 * Answers one request for its route, the same on both hosts: validation with the contract, the
 * handler, and the answer encoded with the contract. Creations (and replayable edits and deletes) by
 * a signed-in caller honour Idempotency-Key: a double submit or a replayed offline write changes the
 * data once. Throws what the handler throws (the host turns it into the error answer).
 */
export const answerRoute = async (
  entry: RouteEntry,
  user: Caller | null,
  raw: { params: unknown; query: unknown },
  request: HostRequest,
  reply: HostReply,
  deps: Pick<AppDeps, 'db' | 'clock'>,
): Promise<HostAnswer> => {
  const { endpoint, handler } = entry;
  const input = { ...validate(endpoint, { ...raw, body: request.body }), user, request, reply };
  const person = user && !isImportCaller(user) ? user : null;
  const key = honoursIdempotencyKey(endpoint) && person ? idempotencyKeyOf(request) : undefined;
  try {
    if (!key || !person) return successAnswer(endpoint, await handler(input as never));
    const stored = await idempotent(deps.db, `user:${person.id}`, key, requestHashOf(request), () => deps.clock.now(), async () => {
      const result = await handler(input as never);
      if (endpoint.status === 204 || !endpoint.response) return { status: endpoint.status, body: '' };
      return { status: endpoint.status, body: jsonText(endpoint, result) };
    });
    const replayed: Record<string, string> = stored.replayed ? { 'idempotent-replayed': 'true' } : {};
    if (stored.status === 204 || !endpoint.response) return { status: stored.status, headers: replayed, body: { kind: 'empty' } };
    return json(stored.status, stored.body, replayed);
  } catch (error) {
    if (!(error instanceof ResponseOutsideContract)) throw error;
    request.log.error({ err: error, issues: error.issues.issues }, 'response did not match the contract');
    return internalErrorAnswer();
  }
};
