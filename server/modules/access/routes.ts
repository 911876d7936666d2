import { accessEndpoints } from '@/contract/access';
import { AcceptInvitationBody, invitationEndpoints } from '@/contract/invitations';
import { setRefreshCookie } from '../auth/refresh-cookie';
import { assertSameOrigin } from '../auth/same-origin';
import { authService } from '../auth/service';
import { assertPasswordSignin } from '../../http/password-signin';
import { readMultipart } from '../../http/multipart';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { accessService } from './service';

/** Registers the access endpoints of the contract (src/api/contract/access.ts). */
export const registerAccessRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = accessService(deps);

  route(app, accessEndpoints.options, () => service.options());
  route(app, accessEndpoints.confirmation, ({ user }) => service.confirmation.status(user.id));
  route(app, accessEndpoints.resendConfirmation, ({ user }) => service.confirmation.resend(user.id));
  route(app, accessEndpoints.confirmEmail, ({ body }) => service.confirmation.confirm(body.token));

  const invitations = service.invitations;
  route(app, invitationEndpoints.list, ({ query }) => invitations.list(query.page, query.pageSize));
  route(app, invitationEndpoints.invite, ({ user, body }) => invitations.invite(user, body));
  route(app, invitationEndpoints.resend, ({ user, params }) => invitations.resend(user, params.id));
  route(app, invitationEndpoints.revoke, ({ user, params }) => invitations.revoke(user, params.id));
  route(app, invitationEndpoints.previewRoster, ({ body }) => invitations.preview(body.csv));
  route(app, invitationEndpoints.importRoster, ({ user, body }) => invitations.importRoster(user, body.csv));
  route(app, invitationEndpoints.details, ({ query }) => invitations.details(query.token));
  route(app, invitationEndpoints.accept, async ({ request, reply }) => {
    assertSameOrigin(request, deps.config);
    // With passwords off the invitee joins through single sign-on, which honours the invitation.
    assertPasswordSignin(deps.config);
    const { fields, photo } = await readMultipart(request, AcceptInvitationBody);
    const { userId, refreshToken, familyId } = await invitations.accept(fields, photo);
    setRefreshCookie(reply, deps.config, refreshToken);
    return authService(deps).session(userId, familyId);
  });
};
