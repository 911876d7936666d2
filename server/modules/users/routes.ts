import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Registers the users endpoints of the contract (src/api/contract). */
export const registerUsersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  void app;
  void deps;
};
