import { feedEndpoints } from '@/contract/feed';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { feedService } from './service';

/** Registers the feed endpoints of the contract (src/api/contract). */
export const registerFeedRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = feedService(deps);
  route(app, feedEndpoints.feed, ({ query, user }) => service.page(user.id, query.page, query.pageSize));
};
