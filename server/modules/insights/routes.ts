import type { FastifyInstance } from 'fastify';
import { insightsEndpoints } from '@/contract/insights';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { insightsService } from './service';

/** Progress charts (employees, their own months only) and the competition overview (admins). */
export const registerInsightsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = insightsService(deps);
  route(app, deps, insightsEndpoints.progress, ({ query, user }) => service.progress(user.id, query.competitionYear));
  route(app, deps, insightsEndpoints.overview, ({ query }) => service.overview(query.competitionYear));
};
