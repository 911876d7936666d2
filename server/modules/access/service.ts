import type { AppDeps } from '../../deps';
import { confirmationService } from './confirmation';

/** Who gets in (docs/access.md): the sign-up policy, confirmed addresses. */
export const accessService = (deps: AppDeps) => ({
  options: () => ({ signupMode: deps.config.signup.signupMode, emailDomains: [...deps.config.signup.emailDomains] }),
  confirmation: confirmationService(deps),
});
