import type { FastifyBaseLogger } from 'fastify';

/*
 * The route table (server/http/route-table.ts) is hosted twice: by Fastify in Node and by MSW in
 * the browser (mock mode). A handler sees the request and reply only through these small shapes,
 * which both hosts implement; everything else (validation, roles, idempotency, the answer) is
 * decided once, in server/http/respond.ts.
 */

/** Header values as Node has them: lower-case names, repeated headers as arrays. */
export type HostHeaders = Record<string, string | string[] | undefined>;

/**
 * One part of a multipart form, in the order sent. A file is read whole (`read`) or as it arrives
 * (`stream`: an upload larger than memory, e.g. a health export); one of them, once.
 */
export type FormPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; name: string; filename: string; read: () => Promise<Uint8Array>; stream: () => AsyncIterable<Uint8Array>; discard: () => void };

/** An endpoint's own limits on files, in place of the usual form limits (server/http/form-limits.ts). */
export type FormFileLimits = { files: number; fileSize: number };

/** A form limit the host's parser hit (the limits are server/http/form-limits.ts). */
export class FormLimitError extends Error {
  constructor(readonly limit: 'file-size' | 'files' | 'fields' | 'malformed') {
    super(`multipart limit: ${limit}`);
  }
}

/** A multipart body, read part by part; throws FormLimitError when the form breaks a limit. */
export type FormReader = { parts: (limits?: FormFileLimits) => AsyncIterable<FormPart>; contentType: string; contentLength: string };

export type HostRequest = {
  method: string;
  /** The path and query as sent (`/api/users?page=2`). */
  url: string;
  headers: HostHeaders;
  cookies: Record<string, string | undefined>;
  /** The client's address as the host trusts it. */
  ip: string;
  /** The Host the request was sent to (`localhost:3000`). */
  host: string;
  log: FastifyBaseLogger;
  /** The parsed JSON body (undefined without one, and for multipart). */
  body: unknown;
  /** The form of a multipart request; null otherwise. */
  form: FormReader | null;
  /** The body's text as sent, on endpoints marked `rawBody` (a provider signs the bytes); else undefined. */
  rawBody?: string;
};

export type CookieOptions = {
  path: string;
  httpOnly: boolean;
  sameSite: 'strict' | 'lax';
  secure: boolean;
  /** Seconds. */
  maxAge?: number;
};

/** What a handler may add to its answer besides the body. */
export type HostReply = {
  setCookie: (name: string, value: string, options: CookieOptions) => void;
  clearCookie: (name: string, options: CookieOptions) => void;
};

/** The answer, for the host to send: a JSON text, bytes, CSV lines as they are read, or nothing. */
export type HostAnswer = {
  status: number;
  headers: Record<string, string>;
  body: { kind: 'json'; text: string } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'lines'; lines: AsyncIterable<string> } | { kind: 'empty' };
};
