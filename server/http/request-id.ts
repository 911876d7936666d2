import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** What a proxy or client may hand us as a correlation id: short, printable, nothing to inject into logs. */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * The request id is always the server's own (a new UUID), on both hosts: a client-chosen id could
 * repeat one the server already gave and point an admin at someone else's log lines. The header
 * a host passes in is ignored here; a sane incoming `X-Request-Id` (set by a proxy) is kept beside
 * it as the correlation id.
 */
export const requestIdFrom = (_incoming?: unknown) => globalThis.crypto.randomUUID();

export const requestIdOf = () => requestIdFrom();

export const correlationIdOf = (request: IncomingMessage) => {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : undefined;
};

/** Every log line of a request carries `reqId` (ours) and, when a proxy sent one, `correlationId`. */
export const withCorrelationId: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options, rawRequest) {
  const correlationId = correlationIdOf(rawRequest as IncomingMessage);
  return logger.child(correlationId ? { ...bindings, correlationId } : bindings, options);
};

/**
 * Every answer carries its request id as `X-Request-Id` (set first thing, so refusals carry it too)
 * and the proxy's id as `X-Correlation-Id`; a user quoting the request id leads to the lines.
 */
export const sendRequestId = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const correlationId = correlationIdOf(request.raw);
    if (correlationId) reply.header('x-correlation-id', correlationId);
  });
};
