import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Registers the feed endpoints of the contract (src/api/contract). */
export const registerFeedRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  void app;
  void deps;
};
