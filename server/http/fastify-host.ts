import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '@/contract/common';
import { errorAnswer } from './error-answer';
import { FORM_LIMITS } from './form-limits';
import { FormLimitError, type FormFileLimits, type FormPart, type FormReader, type HostAnswer, type HostReply, type HostRequest } from './host';
import { answerRoute, authorize, type Caller } from './respond';
import type { RouteTable } from './route-table';
import type { AppDeps } from '../deps';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (from its contract endpoint); every /api route declares it. */
    auth?: Endpoint['auth'];
  }
}

const limitOf = (error: unknown): FormLimitError => {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new FormLimitError('file-size');
  if (code === 'FST_FILES_LIMIT') return new FormLimitError('files');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new FormLimitError('fields');
  // Anything else busboy throws (no boundary, a truncated body, a broken header) is a malformed form.
  return new FormLimitError('malformed');
};

/** @fastify/multipart's parts as the host-independent form (limits: server/http/form-limits.ts). */
const formOf = (request: FastifyRequest): FormReader => ({
  contentType: String(request.headers['content-type'] ?? ''),
  contentLength: String(request.headers['content-length'] ?? ''),
  async *parts(limits?: FormFileLimits): AsyncIterable<FormPart> {
    try {
      for await (const part of request.parts(limits ? { limits: { files: limits.files, fileSize: limits.fileSize, parts: limits.files + FORM_LIMITS.fields } } : undefined)) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') yield { type: 'field', name: part.fieldname, value: part.value };
          continue;
        }
        yield {
          type: 'file',
          name: part.fieldname,
          filename: part.filename,
          read: () => part.toBuffer().catch((error: unknown) => Promise.reject(limitOf(error))),
          stream: async function* () {
            try {
              for await (const chunk of part.file) yield chunk as Uint8Array;
            } catch (error) {
              throw limitOf(error);
            }
            // Busboy stops a file at the size limit and marks it truncated.
            if (part.file.truncated) throw new FormLimitError('file-size');
          },
          discard: () => void part.file.resume(),
        };
      }
    } catch (error) {
      if (error instanceof FormLimitError) throw error;
      throw limitOf(error);
    }
  },
});

/** The text of a `rawBody` endpoint's body, kept by its preParsing hook before Fastify parses the JSON. */
const rawBodies = new WeakMap<FastifyRequest, string>();

const hostRequestOf = (request: FastifyRequest): HostRequest => {
  const multipart = request.isMultipart();
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    cookies: request.cookies,
    ip: request.ip,
    host: request.host,
    log: request.log,
    body: multipart ? undefined : request.body,
    form: multipart ? formOf(request) : null,
    rawBody: rawBodies.get(request),
  };
};

const hostReplyOf = (reply: FastifyReply): HostReply => ({
  setCookie: (name, value, options) => void reply.setCookie(name, value, options),
  clearCookie: (name, options) => void reply.clearCookie(name, options),
});

export const sendAnswer = (reply: FastifyReply, answer: HostAnswer) => {
  reply.code(answer.status).headers(answer.headers);
  const { body } = answer;
  if (body.kind === 'json') return reply.send(body.text);
  if (body.kind === 'bytes') return reply.send(Buffer.from(body.bytes));
  if (body.kind === 'lines') return reply.send(Readable.from(body.lines));
  return reply.send();
};

/**
 * Serves the route table in Node. The role check runs in `onRequest`, before Fastify reads the
 * body; the rest is answerRoute (server/http/respond.ts), as in mock mode. Fastify's own schema
 * step is off (the schemas stay on the route for the OpenAPI document only).
 */
export const serveRouteTable = (app: FastifyInstance, table: RouteTable, deps: AppDeps) => {
  const callers = new WeakMap<FastifyRequest, Caller | null>();
  for (const entry of table.routes) {
    const { endpoint } = entry;
    const schema: Record<string, unknown> = {};
    if (endpoint.params) schema.params = endpoint.params;
    if (endpoint.query) schema.querystring = endpoint.query;
    if (endpoint.body && !endpoint.multipart) schema.body = endpoint.body;
    if (endpoint.response) schema.response = { [endpoint.status]: endpoint.response };
    app.route({
      method: endpoint.method,
      url: `/api${endpoint.path}`,
      schema,
      validatorCompiler: () => (value: unknown) => ({ value }),
      serializerCompiler: () => (data: unknown) => JSON.stringify(data),
      ...(endpoint.maxBodyBytes ? { bodyLimit: endpoint.maxBodyBytes } : {}),
      config: { auth: endpoint.auth },
      onRequest: async (request) => {
        callers.set(request, await authorize(endpoint, request.headers, deps));
      },
      ...(endpoint.rawBody
        ? {
            // The bytes as sent, for a signature over them; the same bytes go on to the JSON parser.
            preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
              const chunks: Buffer[] = [];
              for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
              const bytes = Buffer.concat(chunks);
              rawBodies.set(request, bytes.toString('utf8'));
              return Readable.from([bytes]);
            },
          }
        : {}),
      handler: async (request, reply) => {
        let answer: HostAnswer;
        try {
          answer = await answerRoute(entry, callers.get(request) ?? null, { params: request.params, query: request.query }, hostRequestOf(request), hostReplyOf(reply), deps);
        } catch (error) {
          answer = errorAnswer(error, request.log);
        }
        return sendAnswer(reply, answer);
      },
    });
  }
};
