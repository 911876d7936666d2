import { callApi } from '../../../api/call-api';
import { SigninBody, authEndpoints, ssoEndpoints } from '../../../api/contract';

/** The login form's schema: the contract's own sign-in body (same rules and messages as the server). */
export { SigninBody };

/**
 * The login page's calls and form schema, fetched when the visitor first focuses the form (see
 * `preloadAuthCalls`): they bring the contract, zod and ky, which a cold load of the login page
 * does not need until then.
 */
export const signInCall = (body: SigninBody) => callApi(authEndpoints.signin, { body });
export const forgotPasswordCall = (email: string) => callApi(authEndpoints.forgotPassword, { body: { email } });
/** 'Sign in with <label>' (docs/access.md#single-sign-on): the provider's page to go to. */
export const startSsoCall = () => callApi(ssoEndpoints.start);
