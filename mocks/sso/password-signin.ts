import { passwordSigninDisabled } from '@/domain/sso-rules';
import { mockSso } from './settings';

/** PASSWORD_SIGNIN=false in mock mode: the same refusal as the API's modules/auth/password-signin.ts. */
export const assertPasswordSignin = () => {
  const settings = mockSso.settings();
  if (!settings.passwordSignin) throw passwordSigninDisabled(settings.label ?? 'SSO');
};
