import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Registers the leaders endpoints of the contract (src/api/contract). */
export const registerLeadersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  void app;
  void deps;
};
