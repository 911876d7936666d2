import type { HttpHandler } from 'msw';
import { accessEndpoints } from '@/contract/access';
import { mockAccess } from '../access/settings';
import { confirmEmail, confirmationStatus, resendConfirmation } from '../access/confirmation';
import { mockRoute } from '../http';

/** Every endpoint of src/api/contract/access.ts (the API's modules/access/routes.ts). */
export const accessHandlers: HttpHandler[] = [
  mockRoute(accessEndpoints.options, () => {
    const policy = mockAccess.policy();
    return { signupMode: policy.signupMode, emailDomains: [...policy.emailDomains] };
  }),
  mockRoute(accessEndpoints.confirmation, ({ user }) => confirmationStatus(user.id)),
  mockRoute(accessEndpoints.resendConfirmation, ({ user }) => resendConfirmation(user.id)),
  mockRoute(accessEndpoints.confirmEmail, ({ body }) => confirmEmail(body.token)),
];
