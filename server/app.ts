import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@/contract/common';
import type { Clock } from '@/domain/clock';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { AppDeps } from './deps';
import type { Mailer } from '@/domain/mail';
import { registerAccessRoutes } from './modules/access/routes';
import { registerSsoRoutes } from './modules/sso/routes';
import { registerActivityRoutes } from './modules/activity/routes';
import { registerAuditRoutes } from './modules/audit/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerBonusRoutes } from './modules/bonus/routes';
import { registerFeedRoutes } from './modules/feed/routes';
import { registerInsightsRoutes } from './modules/insights/routes';
import { registerLeadersRoutes } from './modules/leaders/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerPrivacyRoutes } from './modules/privacy/routes';
import { registerPrivacyJobs } from './modules/privacy/export-job';
import { registerSystemRoutes } from './modules/system/routes';
import { registerTrackerRoutes } from './modules/trackers/routes';
import { registerUsersRoutes } from './modules/users/routes';
import { registerErrorHandling } from './plugins/errors';
import { registerCorePlugins, registerServing } from './plugins';
import { noTrackers, type TrackerProviders } from './trackers/providers/types';
import { sessionLiveness } from './http/session-liveness';
import { afterResponseQueue, type AfterResponseQueue } from './http/after-response';
import type { AppJobQueue } from './jobs/catalog';
import { registerMailJobs } from './modules/auth/mail-jobs';
import { registerScoringJobs } from './modules/scoring/jobs';
import { registerAccessMailJobs } from './modules/access/mail-jobs';
import { jobsUnavailable } from './jobs/unavailable';
import { closeConnectionsAfterResponseWhenClosing } from './http/close-after-response';
import { requestIdOf, sendRequestId } from './http/request-id';
import { registerMetrics } from './metrics/metrics-route';
import type { PoolUsage } from './metrics/app-metrics';

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
  logger?: FastifyServerOptions['logger'];
};

/** The whole API as a Fastify instance; production and tests build it the same way. */
export const buildApp = async (options: BuildAppOptions) => {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.config.trustProxy,
    bodyLimit: 1_048_576,
    genReqId: requestIdOf,
    // On close, idle keep-alive sockets are closed at once; busy ones after their response (closeAfterResponse).
    forceCloseConnections: 'idle',
    // Paths are written with a trailing slash in places (`/api/user/activity/`): both forms are the contract.
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (an undecodable URL, a 3,000-character id) answer in the contract's shape.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body: ErrorBody = { statusCode: tooLong ? 414 : 400, serverCode: 'VALIDATION_FAILED', message: tooLong ? 'The address is too long' : 'The address is not valid' };
      return reply.code(body.statusCode as never).send(body as never);
    },
  });
  const registeredRoutes: RouteOptions[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (routeOptions) => void registeredRoutes.push(routeOptions));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  sendRequestId(app);
  registerErrorHandling(app);
  closeConnectionsAfterResponseWhenClosing(app);
  await registerCorePlugins(app, options.config);
  registerMetrics(app, { token: options.config.metricsToken, db: options.db, clock: options.clock, poolUsage: options.poolUsage });

  const deps: AppDeps = {
    db: options.db,
    clock: options.clock,
    config: options.config,
    mailer: options.mailer,
    trackers: options.trackers ?? noTrackers,
    sessionLiveness: sessionLiveness(options.db),
    afterResponse: afterResponseQueue(() => app.log),
    jobs: options.jobs ?? jobsUnavailable,
  };
  app.decorate('afterResponse', deps.afterResponse);
  app.decorate('jobs', deps.jobs);
  registerMailJobs(deps);
  registerScoringJobs(deps, () => app.log);
  registerAccessMailJobs(deps);
  registerPrivacyJobs(deps);

  await registerSystemRoutes(app, deps, options.ping);
  await registerAuthRoutes(app, deps);
  await registerUsersRoutes(app, deps);
  await registerActivityRoutes(app, deps);
  await registerFeedRoutes(app, deps);
  await registerBonusRoutes(app, deps);
  await registerLeadersRoutes(app, deps);
  await registerProfileRoutes(app, deps);
  await registerTrackerRoutes(app, deps);
  await registerAuditRoutes(app, deps);
  await registerInsightsRoutes(app, deps);
  await registerAccessRoutes(app, deps);
  await registerPrivacyRoutes(app, deps);
  await registerSsoRoutes(app, deps);
  await registerServing(app, options.config);

  return app;
};
