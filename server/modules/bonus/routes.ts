import type { FastifyInstance } from 'fastify';
import { activityEndpoints } from '../../../src/api/contract/activity';
import { usersEndpoints } from '../../../src/api/contract/users';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { setQuarterlyBonus } from './service';

/** Registers the bonus endpoints of the contract (src/api/contract): two paths, one rule. */
export const registerBonusRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, usersEndpoints.quarterlyBonus, ({ params, body }) => setQuarterlyBonus(deps.db, params.id, body.newQuarterlyBonusData, deps.clock.now()));
  route(app, deps, activityEndpoints.quarterlyBonus, ({ body }) => setQuarterlyBonus(deps.db, body.userId, body.newQuarterlyBonusData, deps.clock.now()));
};
