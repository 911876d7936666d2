import type { FastifyInstance } from 'fastify';
import { bonusEndpoints } from '@/contract/bonus';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { setQuarterlyBonus } from './service';

/** Registers the bonus endpoints of the contract (src/api/contract): two paths, one rule. */
export const registerBonusRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, bonusEndpoints.quarterlyBonus, ({ params, body, user }) => setQuarterlyBonus(deps.db, deps.config.scoring, user, params.id, body.newQuarterlyBonusData, deps.clock.now()));
  route(app, deps, bonusEndpoints.activityQuarterlyBonus, ({ body, user }) => setQuarterlyBonus(deps.db, deps.config.scoring, user, body.userId, body.newQuarterlyBonusData, deps.clock.now()));
};
