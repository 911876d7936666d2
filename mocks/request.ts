import type { z } from 'zod';
import { AppError, issuePath } from './errors';

/** Reading a request the way Fastify and fastify-type-provider-zod do, for mockRoute. */

/** Raised while reading the request, before validation (Fastify's content-type parsing). */
const clientError = (statusCode: number, message: string) => new AppError(statusCode, 'VALIDATION_FAILED', message);

/** Reads a JSON body the way Fastify's default parsers do; `undefined` when there is none. */
export const readJsonBody = async (request: Request): Promise<unknown> => {
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
export const readQuery = (url: URL) => {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const existing = query[key];
    query[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
};

/** The issues of a failed validation, formatted like the server's (see errors.ts). */
export class ValidationFailure extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super('validation failed');
  }
}

/** Validates one part like fastify-type-provider-zod (missing -> null), or throws the 400 body. */
export const validatePart = (schema: z.ZodType | undefined, value: unknown) => {
  if (!schema) return value;
  const result = schema.safeParse(value === undefined ? null : value);
  if (result.success) return result.data;
  throw new ValidationFailure(result.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })));
};
