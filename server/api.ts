import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps';
import { routeTable, type RouteTable } from './http/route-table';
import { registerAccessMailJobs } from './modules/access/mail-jobs';
import { registerAccessRoutes } from './modules/access/routes';
import { registerActivityRoutes } from './modules/activity/routes';
import { registerAuditRoutes } from './modules/audit/routes';
import { registerMailJobs } from './modules/auth/mail-jobs';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerBonusRoutes } from './modules/bonus/routes';
import { registerFeedRoutes } from './modules/feed/routes';
import { registerInsightsRoutes } from './modules/insights/routes';
import { registerLeadersRoutes } from './modules/leaders/routes';
import { registerPrivacyJobs } from './modules/privacy/export-job';
import { registerPrivacyRoutes } from './modules/privacy/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerScoringJobs } from './modules/scoring/jobs';
import { registerSsoRoutes } from './modules/sso/routes';
import { registerSystemRoutes } from './modules/system/routes';
import { registerTrackerRoutes } from './modules/trackers/routes';
import { registerUsersRoutes } from './modules/users/routes';
import { registerTeamsRoutes } from './modules/teams/routes';
import { registerPhoneAppRoutes } from './modules/phone-apps/routes';

export type ApiOptions = {
  /** The log of background work. */
  log: FastifyBaseLogger;
  /** Readiness probe (database round trip). */
  ping?: () => Promise<void>;
};

/**
 * The whole API, host-independent: every module's routes in one table and every job handler on
 * `deps.jobs`. Fastify serves the table in Node (server/app.ts), MSW in the browser (mock mode).
 */
export const composeApi = async (deps: AppDeps, options: ApiOptions): Promise<RouteTable> => {
  const table = routeTable(options.log);
  registerMailJobs(deps);
  registerScoringJobs(deps, () => options.log);
  registerAccessMailJobs(deps);
  registerPrivacyJobs(deps);

  await registerSystemRoutes(table, deps, options.ping);
  await registerAuthRoutes(table, deps);
  await registerUsersRoutes(table, deps);
  await registerActivityRoutes(table, deps);
  await registerFeedRoutes(table, deps);
  await registerBonusRoutes(table, deps);
  await registerLeadersRoutes(table, deps);
  await registerProfileRoutes(table, deps);
  await registerTrackerRoutes(table, deps);
  await registerAuditRoutes(table, deps);
  await registerInsightsRoutes(table, deps);
  await registerAccessRoutes(table, deps);
  await registerPrivacyRoutes(table, deps);
  await registerSsoRoutes(table, deps);
  await registerTeamsRoutes(table, deps);
  await registerPhoneAppRoutes(table, deps);
  return table;
};
