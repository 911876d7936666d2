import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Registers the auth endpoints of the contract (src/api/contract). */
export const registerAuthRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  void app;
  void deps;
};
