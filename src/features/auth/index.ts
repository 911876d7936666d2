/** The auth feature's public surface, used by routes. */
export { LoginScreen } from './components/login-screen';
export { SignupFormCard } from './components/signup-form';
export { ResetPasswordScreen } from './components/reset-password-screen';
export { InvitationOnlyNotice } from './components/invitation-only-notice';
export { SsoCallbackScreen } from './components/sso-callback-screen';
export { SsoProfileScreen } from './components/sso-profile-screen';
export { SsoOnlyNotice } from './components/sso-only-notice';
