import type { FastifyInstance } from 'fastify';
import { bonusEndpoints } from '@/contract/bonus';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { bonusService } from './service';

/** Registers the bonus endpoints of the contract (src/api/contract): two paths, one rule. */
export const registerBonusRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = bonusService(deps);
  route(app, deps, bonusEndpoints.quarterlyBonus, ({ params, body, user }) => service.setQuarterlyBonus(user, params.id, body.newQuarterlyBonusData));
  route(app, deps, bonusEndpoints.activityQuarterlyBonus, ({ body, user }) => service.setQuarterlyBonus(user, body.userId, body.newQuarterlyBonusData));
};
