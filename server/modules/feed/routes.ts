import type { FastifyInstance } from 'fastify';
import { feedEndpoints } from '@/contract/feed';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { feedPage } from './service';

/** Registers the feed endpoints of the contract (src/api/contract). */
export const registerFeedRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, feedEndpoints.feed, ({ query, user }) =>
    feedPage(deps.db, { userId: user.id, stravaFeedSharing: deps.config.stravaFeedSharing }, deps.config.scoring, query.page, query.pageSize),
  );
};
