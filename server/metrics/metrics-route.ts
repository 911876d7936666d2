import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { Clock } from '@/domain/clock';
import { notFound, unauthorized } from '@/domain/errors';
import type { Db } from '../db/client';
import { appMetrics, type PoolUsage } from './app-metrics';
import { sharedRegistry } from './shared-metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Equal-time comparison of the sent token with the configured one. */
const tokenMatches = (sent: string | undefined, expected: string) => sent !== undefined && timingSafeEqual(digest(sent), digest(expected));

/**
 * Prometheus text at GET /metrics, only when METRICS_TOKEN is set (otherwise the path is a 404 like
 * any unknown one) and only for `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const registerMetrics = (app: FastifyInstance, options: { token: string | null; db: Db; clock: Clock; poolUsage?: PoolUsage }) => {
  const { token } = options;
  if (!token) {
    // Registered anyway so that the SPA's history fallback never answers it with a page.
    app.get('/metrics', { config: { auth: 'guest' } }, async (request) => {
      throw notFound(`No endpoint GET ${request.url}`);
    });
    return;
  }
  const metrics = appMetrics(options.db, options.clock, options.poolUsage);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { auth: 'guest' } }, async (request, reply) => {
    const header = request.headers.authorization;
    const sent = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    if (!tokenMatches(sent, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('A valid metrics token is required');
    }
    const merged = Registry.merge([sharedRegistry, metrics.registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
};
