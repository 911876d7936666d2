import type { FastifyInstance } from 'fastify';

/**
 * Once the app is closing, every answer carries `Connection: close` and its socket is closed as soon
 * as the answer is out. Without this a keep-alive socket that was busy when closing began stays open
 * (idle, waiting for a next request that is refused) and the server never finishes closing.
 */
export const closeConnectionsAfterResponseWhenClosing = (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    // The socket turns idle right after the response's finish event: close it on the next turn.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
};
