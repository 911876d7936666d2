import { teamsEndpoints } from '@/contract/teams';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { teamsService } from './service';

/** Registers the teams endpoints of the contract (src/api/contract). */
export const registerTeamsRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = teamsService(deps);
  route(app, teamsEndpoints.leaderboard, ({ query, user }) => service.leaderboard(user, query.competitionYear, { offset: query.offset, limit: query.limit }));
  route(app, teamsEndpoints.page, ({ params, query }) => service.page(params.id, query.competitionYear));
  route(app, teamsEndpoints.adminList, () => service.adminList());
  route(app, teamsEndpoints.create, ({ body, user }) => service.create(user, body.name));
  route(app, teamsEndpoints.rename, ({ params, body, user }) => service.rename(user, params.id, body.name));
  route(app, teamsEndpoints.archive, ({ params, user }) => service.archive(user, params.id));
  route(app, teamsEndpoints.assign, ({ body, user }) => service.assign(user, body));
  route(app, teamsEndpoints.participation, ({ query }) => service.participation(query.competitionYear, query.month));
  route(app, teamsEndpoints.exportParticipation, ({ query }) => service.exportParticipation(query.competitionYear));
};
