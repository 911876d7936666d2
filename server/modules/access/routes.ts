import type { FastifyInstance } from 'fastify';
import { accessEndpoints } from '@/contract/access';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { accessService } from './service';

/** Registers the access endpoints of the contract (src/api/contract/access.ts). */
export const registerAccessRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = accessService(deps);

  route(app, deps, accessEndpoints.options, () => service.options());
  route(app, deps, accessEndpoints.confirmation, ({ user }) => service.confirmation.status(user.id));
  route(app, deps, accessEndpoints.resendConfirmation, ({ user }) => service.confirmation.resend(user.id));
  route(app, deps, accessEndpoints.confirmEmail, ({ body }) => service.confirmation.confirm(body.token));
};
