import { leadersEndpoints } from '@/contract/leaders';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { leadersService } from './service';

/** Registers the leaders endpoints of the contract (src/api/contract). */
export const registerLeadersRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = leadersService(deps);
  route(app, leadersEndpoints.top, ({ query }) => service.top(query.competitionYear));
  route(app, leadersEndpoints.list, ({ query }) => service.list(query));
  route(app, leadersEndpoints.exportList, ({ query }) => service.exportList(query));
};
