import type { FastifyInstance } from 'fastify';
import { leadersEndpoints } from '@/contract/leaders';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { leadersService } from './service';

/** Registers the leaders endpoints of the contract (src/api/contract). */
export const registerLeadersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = leadersService(deps);
  route(app, deps, leadersEndpoints.top, ({ query }) => service.top(query.competitionYear));
  route(app, deps, leadersEndpoints.list, ({ query }) => service.list(query));
  route(app, deps, leadersEndpoints.exportList, ({ query }) => service.exportList(query));
};
