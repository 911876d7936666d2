import type { FastifyInstance } from 'fastify';
import { feedEndpoints } from '@/contract/feed';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { feedService } from './service';

/** Registers the feed endpoints of the contract (src/api/contract). */
export const registerFeedRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = feedService(deps);
  route(app, deps, feedEndpoints.feed, ({ query, user }) => service.page(user.id, query.page, query.pageSize));
};
