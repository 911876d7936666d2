import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Registers the activity endpoints of the contract (src/api/contract). */
export const registerActivityRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  void app;
  void deps;
};
