import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a proxy or client may hand us as a request id: short, printable, nothing to inject into logs. */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The request id: a sane incoming `X-Request-Id` (set by a proxy) or a new UUID. */
export const requestIdOf = (request: IncomingMessage) => {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
};

/**
 * Every answer carries its request id as `X-Request-Id` (set first thing, so refusals carry it too);
 * the request's log lines carry it as `reqId`, so a user quoting it leads to the lines.
 */
export const sendRequestId = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
};
