import type { HttpHandler } from 'msw';
import { accessEndpoints } from '@/contract/access';
import { invitationEndpoints } from '@/contract/invitations';
import {
  acceptInvitation,
  importRoster,
  invitationDetails,
  invite,
  listInvitations,
  previewRoster,
  resendInvitation,
  revokeInvitation,
} from '../access/invitations';
import { authSessionFor, REFRESH_COOKIE, REFRESH_COOKIE_OPTIONS, REFRESH_TTL_DAYS } from '../auth/sessions';
import { mockAccess } from '../access/settings';
import { confirmEmail, confirmationStatus, resendConfirmation } from '../access/confirmation';
import { mockRoute } from '../http';
import { assertPasswordSignin } from '../sso/password-signin';
import { mockSso } from '../sso/settings';

/** Every endpoint of src/api/contract/access.ts (the API's modules/access/routes.ts). */
export const accessHandlers: HttpHandler[] = [
  mockRoute(accessEndpoints.options, () => {
    const policy = mockAccess.policy();
    const sso = mockSso.settings();
    return { signupMode: policy.signupMode, emailDomains: [...policy.emailDomains], passwordSignin: sso.passwordSignin, sso: sso.label === null ? null : { label: sso.label } };
  }),
  mockRoute(accessEndpoints.confirmation, ({ user }) => confirmationStatus(user.id)),
  mockRoute(accessEndpoints.resendConfirmation, ({ user }) => resendConfirmation(user.id)),
  mockRoute(accessEndpoints.confirmEmail, ({ body }) => confirmEmail(body.token)),

  mockRoute(invitationEndpoints.list, ({ query }) => listInvitations(query.page, query.pageSize)),
  mockRoute(invitationEndpoints.invite, ({ user, body }) => invite(user, body)),
  mockRoute(invitationEndpoints.resend, ({ user, params }) => resendInvitation(user, params.id)),
  mockRoute(invitationEndpoints.revoke, ({ user, params }) => revokeInvitation(user, params.id)),
  mockRoute(invitationEndpoints.previewRoster, ({ body }) => previewRoster(body.csv)),
  mockRoute(invitationEndpoints.importRoster, ({ user, body }) => importRoster(user, body.csv)),
  mockRoute(invitationEndpoints.details, ({ query }) => invitationDetails(query.token)),
  mockRoute(invitationEndpoints.accept, ({ body, files, reply }) => {
    assertPasswordSignin();
    const { userId, refreshToken } = acceptInvitation(body, files.photo);
    reply.setCookie(REFRESH_COOKIE, refreshToken, { ...REFRESH_COOKIE_OPTIONS, maxAge: REFRESH_TTL_DAYS * 24 * 60 * 60 });
    return authSessionFor(userId);
  }),
];
