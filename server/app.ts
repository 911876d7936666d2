import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Clock } from '@/domain/clock';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Mailer } from '@/domain/mail';
import { registerErrorHandling } from './plugins/errors';
import { composeApi } from './api';
import { sendAnswer, serveRouteTable } from './http/fastify-host';
import { errorAnswer, requestRefusals } from './http/error-answer';
import { registerCorePlugins, registerServing } from './plugins';
import type { TrackerProviders } from './trackers/providers/types';
import type { AfterResponseQueue } from './http/after-response';
import { composeDeps } from './compose-deps';
import type { AppJobQueue } from './jobs/catalog';
import { jobsUnavailable } from './jobs/unavailable';
import { closeConnectionsAfterResponseWhenClosing } from './http/close-after-response';
import { requestIdOf, sendRequestId, withCorrelationId } from './http/request-id';
import { registerMetrics } from './metrics/metrics-route';
import type { PoolUsage } from './metrics/app-metrics';
import type { PasswordHasher } from './passwords/password-hasher';
import { argon2Passwords } from './passwords/argon2';
import type { PhotoStore } from './http/photo-storage';
import { diskPhotoStore } from './photos/disk-photo-store';
import type { ServiceMetrics } from './metrics/service-metrics';
import { promServiceMetrics } from './metrics/shared-metrics';
import { fastifyTrustProxy } from './http/trusted-proxy';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tasks run after their response; shutdown and tests wait with `afterResponse.idle()`. */
    afterResponse: AfterResponseQueue;
    /** The job queue the app's handlers are registered on (started and stopped by its owner). */
    jobs: AppJobQueue;
    /** Every route as registered (method, url, config): the security suite walks them all. */
    registeredRoutes: readonly RouteOptions[];
  }
}

export type BuildAppOptions = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  trackers?: TrackerProviders;
  /** The job queue; the caller starts it after buildApp (handlers are registered here) and stops it. */
  jobs?: AppJobQueue;
  /** PostgreSQL's pool right now, for /metrics. */
  poolUsage?: PoolUsage;
  /** Readiness probe (database round trip). */
  ping?: () => Promise<void>;
  /**
   * Every request, /api/ready included, waits for this before its handler (the server: the job
   * engine's start). On PGlite a request whose transaction sends a job would otherwise wait for an
   * engine whose start waits for that transaction to release the one connection.
   */
  servingAfter?: Promise<unknown>;
  logger?: FastifyServerOptions['logger'];
  /** Password hashing; default: native argon2id. */
  passwords?: PasswordHasher;
  /** Photo storage; default: files in config.dataDir/uploads. */
  photos?: PhotoStore;
  /** Service counters; default: the process's prom-client registry (/metrics). */
  metrics?: ServiceMetrics;
};

/** The whole API as a Fastify instance; production and tests build it the same way. */
export const buildApp = async (options: BuildAppOptions) => {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    bodyLimit: 1_048_576,
    genReqId: requestIdOf,
    childLoggerFactory: withCorrelationId,
    // On close, idle keep-alive sockets are closed at once; busy ones after their response (closeAfterResponse).
    forceCloseConnections: 'idle',
    // Paths are written with a trailing slash in places (`/api/user/activity/`): both forms are the contract.
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (an undecodable URL, a 3,000-character id) answer in the contract's shape.
    frameworkErrors: (error, request, reply) => {
      const refusal = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? requestRefusals.addressTooLong() : requestRefusals.invalidAddress();
      return sendAnswer(reply, errorAnswer(refusal, request.log));
    },
  });
  const registeredRoutes: RouteOptions[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (routeOptions) => void registeredRoutes.push(routeOptions));
  sendRequestId(app);
  registerErrorHandling(app);
  closeConnectionsAfterResponseWhenClosing(app);
  await registerCorePlugins(app, options.config);
  registerMetrics(app, { token: options.config.metricsToken, db: options.db, clock: options.clock, poolUsage: options.poolUsage });

  // Node's defaults for what a host chooses; the rest is composeDeps's, as in mock mode.
  const deps = composeDeps(
    {
      db: options.db,
      clock: options.clock,
      config: options.config,
      mailer: options.mailer,
      trackers: options.trackers,
      jobs: options.jobs ?? jobsUnavailable,
      passwords: options.passwords ?? argon2Passwords,
      photos: options.photos ?? diskPhotoStore(options.config.dataDir),
      metrics: options.metrics ?? promServiceMetrics,
    },
    () => app.log,
  );
  app.decorate('afterResponse', deps.afterResponse);
  app.decorate('jobs', deps.jobs);
  const { servingAfter } = options;
  if (servingAfter)
    app.addHook('onRequest', async () => {
      await servingAfter;
    });
  serveRouteTable(app, await composeApi(deps, { log: app.log, ping: options.ping }), deps);
  await registerServing(app, options.config, deps.photos);

  return app;
};
