import type { FastifyInstance } from 'fastify';
import { activityEndpoints } from '@/contract/activity';
import { usersEndpoints } from '@/contract/users';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { setQuarterlyBonus } from './service';

/** Registers the bonus endpoints of the contract (src/api/contract): two paths, one rule. */
export const registerBonusRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, usersEndpoints.quarterlyBonus, ({ params, body, user }) => setQuarterlyBonus(deps.db, deps.config.scoring, user, params.id, body.newQuarterlyBonusData, deps.clock.now()));
  route(app, deps, activityEndpoints.quarterlyBonus, ({ body, user }) => setQuarterlyBonus(deps.db, deps.config.scoring, user, body.userId, body.newQuarterlyBonusData, deps.clock.now()));
};
