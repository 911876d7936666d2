import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Registers the bonus endpoints of the contract (src/api/contract). */
export const registerBonusRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  void app;
  void deps;
};
