import { insightsEndpoints } from '@/contract/insights';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { insightsService } from './service';

/** Progress charts (employees, their own months only) and the competition overview (admins). */
export const registerInsightsRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = insightsService(deps);
  route(app, insightsEndpoints.progress, ({ query, user }) => service.progress(user.id, query.competitionYear));
  route(app, insightsEndpoints.overview, ({ query }) => service.overview(query.competitionYear));
};
