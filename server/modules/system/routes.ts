import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Registers the system endpoints of the contract (src/api/contract). */
export const registerSystemRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  void app;
  void deps;
};
