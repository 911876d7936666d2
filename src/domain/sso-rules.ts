import { AppError } from './errors';
import { assertSelfSignupAllowed, type SignupPolicy } from './access-policy';
import { teamName } from '@/contract/teams';

/**
 * Single sign-on rules shared by the server and the mocks (docs/access.md#single-sign-on), so both
 * refuse with the same codes and words.
 */

export const SSO_FAILED_MESSAGE = 'Single sign-on did not complete; please try again';
export const SSO_EXPIRED_MESSAGE = 'This sign-in attempt has expired or was started in another browser; please try again';
export const SSO_PROFILE_EXPIRED_MESSAGE = 'Your single sign-on has expired; please sign in again';
/** 'Confirm with <label>' answered by the provider for another person than the one signed in here. */
export const SSO_OTHER_ACCOUNT_MESSAGE = 'You confirmed with another account than the one signed in here; please try again with your own';

export const passwordSigninDisabled = (label: string) =>
  new AppError(403, 'PASSWORD_SIGNIN_DISABLED', `Password sign-in is switched off for this organisation: please use 'Sign in with ${label}'`);
export const ssoNotConfigured = () => new AppError(404, 'SSO_NOT_CONFIGURED', 'Single sign-on is not set up for this app');
export const ssoFailed = (message = SSO_FAILED_MESSAGE) => new AppError(400, 'SSO_FAILED', message);
export const ssoEmailNotVerified = (label: string) =>
  new AppError(403, 'SSO_EMAIL_NOT_VERIFIED', `${label} has not verified the e-mail address of your account, so it cannot sign you in here; ask your IT team`);
export const ssoProviderUnavailable = (label: string) =>
  new AppError(502, 'SSO_PROVIDER_UNAVAILABLE', `${label} cannot be reached right now; please try again in a moment`);

/** The OpenID Connect standard claims the app reads (from the ID token, else the UserInfo endpoint). */
export type SsoClaims = { email?: unknown; email_verified?: unknown; given_name?: unknown; family_name?: unknown; name?: unknown };

/** The address the provider vouches for: present and `email_verified` exactly true (a string "true" is not). */
export const verifiedEmailOf = (claims: SsoClaims, label: string) => {
  if (typeof claims.email !== 'string' || claims.email.trim() === '' || claims.email_verified !== true) throw ssoEmailNotVerified(label);
  return claims.email.trim().toLowerCase();
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');

/** given_name/family_name, else `name` split at its last space; empty when the provider sends neither (the form asks). */
export const namesOf = (claims: SsoClaims) => {
  const first = text(claims.given_name);
  const last = text(claims.family_name);
  if (first || last) return { firstName: first, lastName: last };
  const full = text(claims.name);
  const space = full.lastIndexOf(' ');
  return space > 0 ? { firstName: full.slice(0, space), lastName: full.slice(space + 1) } : { firstName: full, lastName: '' };
};

/**
 * A person without an account may join through SSO when an admin invited them (any mode), or
 * when the sign-up policy lets them create a profile themselves: open mode, or a company address in
 * domain mode. Invite mode without an invitation is refused like the sign-up form.
 */
export const assertSsoNewcomerAllowed = (policy: SignupPolicy, email: string, invited: boolean) => {
  if (!invited) assertSelfSignupAllowed(policy, email);
};

/**
 * The team the provider names in the claim OIDC_TEAM_CLAIM sets (e.g. `department`): its text, or
 * the first text of a list; null when unset, absent or not a usable team name (docs/product-rules.md#teams).
 */
export const teamClaimOf = (claims: object, claimName: string | null): string | null => {
  if (!claimName) return null;
  const raw = (claims as Record<string, unknown>)[claimName];
  const value = Array.isArray(raw) ? raw.find((item) => typeof item === 'string') : raw;
  const parsed = teamName.safeParse(value);
  return parsed.success ? parsed.data : null;
};
