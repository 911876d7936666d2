import type { FastifyInstance } from 'fastify';
import { accessEndpoints } from '@/contract/access';
import { AcceptInvitationBody, invitationEndpoints } from '@/contract/invitations';
import { setRefreshCookie } from '../auth/refresh-cookie';
import { authService } from '../auth/service';
import { assertPasswordSignin } from '../../http/password-signin';
import { readMultipart } from '../../http/multipart';
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

  const invitations = service.invitations;
  route(app, deps, invitationEndpoints.list, ({ query }) => invitations.list(query.page, query.pageSize));
  route(app, deps, invitationEndpoints.invite, ({ user, body }) => invitations.invite(user, body));
  route(app, deps, invitationEndpoints.resend, ({ user, params }) => invitations.resend(user, params.id));
  route(app, deps, invitationEndpoints.revoke, ({ user, params }) => invitations.revoke(user, params.id));
  route(app, deps, invitationEndpoints.previewRoster, ({ body }) => invitations.preview(body.csv));
  route(app, deps, invitationEndpoints.importRoster, ({ user, body }) => invitations.importRoster(user, body.csv));
  route(app, deps, invitationEndpoints.details, ({ query }) => invitations.details(query.token));
  route(app, deps, invitationEndpoints.accept, async ({ request, reply }) => {
    // With passwords off the invitee joins through single sign-on, which honours the invitation.
    assertPasswordSignin(deps.config);
    const { fields, photo } = await readMultipart(request, AcceptInvitationBody);
    const { userId, refreshToken, familyId } = await invitations.accept(fields, photo);
    setRefreshCookie(reply, deps.config, refreshToken);
    return authService(deps).session(userId, familyId);
  });
};
