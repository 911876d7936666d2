import type { FastifyInstance } from 'fastify';
import { leadersEndpoints } from '@/contract/leaders';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { exportLeaders, leaderList, topLeaders } from './service';

/** Registers the leaders endpoints of the contract (src/api/contract). */
export const registerLeadersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  // The configured scoring values, for every recompute in this process (see scoring/rules.ts).

  route(app, deps, leadersEndpoints.top, ({ query }) => topLeaders(deps.db, query.competitionYear, deps.clock.now()));
  route(app, deps, leadersEndpoints.list, ({ query }) => leaderList(deps.db, query, deps.clock.now()));
  route(app, deps, leadersEndpoints.exportList, ({ query }) => exportLeaders(deps.db, query, deps.clock.now()));
};
