import type { FastifyInstance } from 'fastify';
import { accessEndpoints } from '@/contract/access';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';

/** Registers the access endpoints of the contract (src/api/contract/access.ts). */
export const registerAccessRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, accessEndpoints.options, () => ({
    signupMode: deps.config.signup.signupMode,
    emailDomains: [...deps.config.signup.emailDomains],
  }));
};
