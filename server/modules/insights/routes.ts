import type { FastifyInstance } from 'fastify';
import { insightsEndpoints } from '@/contract/insights';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { competitionOverview, myProgress } from './service';

/** Progress charts (employees, their own months only) and the competition overview (admins). */
export const registerInsightsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, insightsEndpoints.progress, ({ query, user }) => myProgress(deps.db, user.id, query.competitionYear, deps.clock.now()));
  route(app, deps, insightsEndpoints.overview, ({ query }) => competitionOverview(deps.db, query.competitionYear, deps.clock.now()));
};
