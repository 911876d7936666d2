import type { AppDeps } from '../../deps';
import { confirmationService } from './confirmation';
import { invitationsService } from './invitations';

/** Who gets in (docs/access.md): the sign-up policy, confirmed addresses, invitations. */
export const accessService = (deps: AppDeps) => ({
  options: () => ({
    signupMode: deps.config.signup.signupMode,
    emailDomains: [...deps.config.signup.emailDomains],
    passwordSignin: deps.config.passwordSignin,
    sso: deps.config.oidc ? { label: deps.config.oidc.buttonLabel } : null,
  }),
  confirmation: confirmationService(deps),
  invitations: invitationsService(deps),
});
