import type { AppConfig } from '../config';
import { passwordSigninDisabled } from '@/domain/sso-rules';

/**
 * PASSWORD_SIGNIN=false (docs/access.md#password-sign-in-off): every way to use or set a local
 * password is refused, admins included; single sign-on is the way in. The operator's way back is
 * to start the app with PASSWORD_SIGNIN=true (docs/security.md).
 */
export const assertPasswordSignin = (config: Pick<AppConfig, 'passwordSignin' | 'oidc'>) => {
  if (!config.passwordSignin) throw passwordSigninDisabled(config.oidc?.buttonLabel ?? 'SSO');
};
