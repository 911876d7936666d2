import type { Options } from 'ky';
import type { z } from 'zod';
import { fillPath, honoursIdempotencyKey, type Endpoint } from './contract';
import { normaliseError, type ApiError } from './errors';
import { http, isAuthPath, sessionBridge } from './http';
import { idempotencyKeyFor } from './idempotency-key';

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;
type Primitive = string | number | boolean | null | undefined;

/** Inputs an endpoint declares become required; the others cannot be passed. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: SchemaInput<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: SchemaInput<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? E['multipart'] extends true
      ? { body: Partial<Record<keyof SchemaInput<E['body']>, Primitive>>; files?: Record<string, Blob | null | undefined> }
      : { body: SchemaInput<E['body']> }
    : { body?: undefined }) & {
    signal?: AbortSignal;
    /** The write's own Idempotency-Key (a queued write keeps one key across reloads and resends). */
    idempotencyKey?: string;
  };

type NeedsInput<E extends Endpoint> = E['params'] extends z.ZodType ? true : E['query'] extends z.ZodType ? true : E['body'] extends z.ZodType ? true : false;

export type CallOutput<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

type AnyInput = {
  params?: Record<string, string | number>;
  query?: Record<string, Primitive>;
  body?: unknown;
  files?: Record<string, Blob | null | undefined>;
  signal?: AbortSignal;
  idempotencyKey?: string;
};

/** Multipart body: every non-empty field as text, files as parts (empty ones omitted, docs/product-rules.md#endpoints). */
export const toFormData = (fields: Record<string, Primitive>, files: Record<string, Blob | null | undefined> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    if (file) form.append(name, file, file instanceof File ? file.name : name);
  }
  return form;
};

const searchParamsOf = (query: Record<string, Primitive> = {}) => {
  const entries = Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
};

const send = async <E extends Endpoint>(endpoint: E, input: AnyInput): Promise<CallOutput<E>> => {
  const url = fillPath(endpoint.path, input.params).replace(/^\//, '');
  const options: Options = {
    method: endpoint.method,
    searchParams: searchParamsOf(input.query),
    signal: input.signal,
    // Only authentication calls need the refresh cookie.
    credentials: isAuthPath(endpoint.path) ? 'include' : 'same-origin',
  };
  if (input.body !== undefined || input.files) {
    if (endpoint.multipart) options.body = toFormData((input.body ?? {}) as Record<string, Primitive>, input.files);
    else options.json = input.body;
  }
  // Creations carry an Idempotency-Key: a double submit or a retry creates one row. A queued write
  // brings its own key, kept from the moment it was made (docs/product-rules.md#offline-logging).
  if (input.idempotencyKey && honoursIdempotencyKey(endpoint)) options.headers = { 'Idempotency-Key': input.idempotencyKey };
  else if (endpoint.status === 201 && !isAuthPath(endpoint.path)) options.headers = { 'Idempotency-Key': idempotencyKeyFor(url, options.body ?? options.json) };
  const response = await http(url, options);
  if (!endpoint.response || response.status === 204) return undefined as CallOutput<E>;
  return endpoint.response.parse(await response.json()) as CallOutput<E>;
};

/**
 * Calls one contract endpoint and returns its parsed response, or throws an ApiError.
 * A 401 on a non-auth call triggers one shared token refresh and one retry of the request.
 */
export const callApi = async <E extends Endpoint>(endpoint: E, ...[input]: NeedsInput<E> extends true ? [CallInput<E>] : [CallInput<E>?]): Promise<CallOutput<E>> => {
  const args = (input ?? {}) as AnyInput;
  let first: ApiError;
  try {
    return await send(endpoint, args);
  } catch (error) {
    first = await normaliseError(error, endpoint.method);
  }
  if (first.statusCode !== 401 || isAuthPath(endpoint.path) || args.signal?.aborted) throw first;
  const refreshed = await sessionBridge().refreshAfterUnauthorised();
  if (!refreshed) throw first;
  try {
    return await send(endpoint, args);
  } catch (error) {
    throw await normaliseError(error, endpoint.method);
  }
};
