import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { NUL_ISSUE, containsNul, honoursIdempotencyKey, type Endpoint } from '@/contract/common';
import { verifyAccessToken, type AuthUser } from './access-token';
import { forbidden, unauthorized } from '@/domain/errors';
import { ValidationError } from './validation-error';
import type { CsvExport } from '@/domain/csv';
import type { FileDownload } from '@/domain/privacy';
import { sendCsv, sendFile } from './csv-stream';
import { idempotencyKeyOf, idempotent, requestHashOf, sendStored } from './idempotency';
import { PreSerialized } from './pre-serialized';
import type { AppDeps } from '../deps';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (from its contract endpoint); every /api route declares it. */
    auth?: Endpoint['auth'];
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Response<E extends Endpoint> = E['produces'] extends 'csv' ? CsvExport : E['produces'] extends 'file' ? FileDownload : E['response'] extends z.ZodType ? z.input<E['response']> : void;

export type RouteInput<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The caller; null only on guest endpoints. */
  user: E['auth'] extends 'guest' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
};

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
};

/** Resolves the caller and enforces the endpoint's role (docs/product-rules.md#permissions: the server enforces every permission). */
const authorize = async (endpoint: Endpoint, request: FastifyRequest, deps: AppDeps): Promise<AuthUser | null> => {
  const token = bearer(request);
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

/** The caller each request was authorised as (set before its body is even parsed). */
const callers = new WeakMap<FastifyRequest, AuthUser | null>();

/**
 * Registers one contract endpoint: same method and path, the contract's schemas validate the
 * request and serialise the response. The role check runs first of all, in `onRequest`: a guest
 * gets 401 and a wrong role 403 whatever the body, before anything is parsed or validated.
 * Multipart endpoints validate their fields in the handler (see http/multipart.ts).
 */
export const route = <E extends Endpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<Response<E> | PreSerialized<E>> | Response<E> | PreSerialized<E>,
) => {
  const schema: Record<string, unknown> = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body && !endpoint.multipart) schema.body = endpoint.body;
  if (endpoint.response) schema.response = { [endpoint.status]: endpoint.response };

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema,
    ...(endpoint.maxBodyBytes ? { bodyLimit: endpoint.maxBodyBytes } : {}),
    config: { auth: endpoint.auth },
    onRequest: async (request) => {
      callers.set(request, await authorize(endpoint, request, deps));
    },
    handler: async (request, reply) => {
      // PostgreSQL text cannot hold NUL: refuse it here, whatever field it hides in (never a 500).
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw new ValidationError([NUL_ISSUE]);
      const user = callers.get(request) ?? null;
      const run = () =>
        handler({
          params: request.params,
          query: request.query,
          body: request.body,
          user,
          request,
          reply,
        } as RouteInput<E>);
      // Creations (and replayable edits and deletes) by a signed-in caller honour Idempotency-Key:
      // a double submit or a replayed offline write changes the data once.
      const key = honoursIdempotencyKey(endpoint) && user ? idempotencyKeyOf(request) : undefined;
      if (key && user) {
        const answer = await idempotent(deps.db, `user:${user.id}`, key, requestHashOf(request), () => deps.clock.now(), async () => {
          const result = await run();
          if (endpoint.status === 204) return { status: 204, body: '' };
          return { status: endpoint.status, body: result instanceof PreSerialized ? result.json : JSON.stringify(endpoint.response ? endpoint.response.encode(result) : null) };
        });
        return sendStored(reply, answer);
      }
      const result = await run();
      if (endpoint.produces === 'csv') return sendCsv(reply, result as unknown as CsvExport);
      if (endpoint.produces === 'file') return sendFile(reply, result as unknown as FileDownload);
      if (endpoint.status === 204) return reply.code(204).send();
      if (result instanceof PreSerialized) {
        // A string with a JSON content type skips the schema serializer (fastify sends it as is).
        return reply.code(endpoint.status).type('application/json; charset=utf-8').send(result.json);
      }
      return reply.code(endpoint.status).send(result);
    },
  });
};
