import { bonusEndpoints } from '@/contract/bonus';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { bonusService } from './service';

/** Registers the bonus endpoints of the contract (src/api/contract): two paths, one rule. */
export const registerBonusRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = bonusService(deps);
  route(app, bonusEndpoints.quarterlyBonus, ({ params, body, user }) => service.setQuarterlyBonus(user, params.id, body.newQuarterlyBonusData));
  route(app, bonusEndpoints.activityQuarterlyBonus, ({ body, user }) => service.setQuarterlyBonus(user, body.userId, body.newQuarterlyBonusData));
};
