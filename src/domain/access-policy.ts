import { signupModes, type SignupMode } from '@/contract/access';
import { AppError } from './errors';

/**
 * Who may create an account (docs/access.md): `open` (anyone who reaches the app), `domain` (only
 * addresses of the company's domains) or `invite` (only with an invitation an admin sent).
 * Shared by the server and the mocks so both refuse with the same words.
 */
export { signupModes, type SignupMode };

/** `refuseSubaddresses` (domain mode): `x+tag@acme.com` is refused, so one mailbox makes one account. */
export type SignupPolicy = { signupMode: SignupMode; emailDomains: readonly string[]; refuseSubaddresses?: boolean };

export const OPEN_SIGNUP: SignupPolicy = { signupMode: 'open', emailDomains: [] };

export const INVITATION_REQUIRED_MESSAGE = 'Sign-up is by invitation only: ask your administrator for an invitation';

/** The refusal shown under the e-mail field: it names the domains, which the login page shows anyway. */
export const emailDomainRefusal = (domains: readonly string[]) =>
  `Please use your company e-mail address (${domains.map((domain) => `@${domain}`).join(', ')})`;

/** A comma list as people type it ("Acme.com, @acme.co.uk") to clean lower-case domains. */
export const parseEmailDomains = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);

export const SUBADDRESS_REFUSAL = "Please use your company e-mail address without a '+' tag";

/** `jane+tag@acme.com`: a tag after '+' in the local part delivers to jane@acme.com's mailbox. */
export const isSubaddress = (email: string) => {
  const at = email.lastIndexOf('@');
  return at > 0 && email.slice(0, at).includes('+');
};

/** Exact domain match (a sub-domain is another organisation's address unless listed). */
export const emailDomainAllowed = (email: string, domains: readonly string[]) => {
  const at = email.lastIndexOf('@');
  return at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
};

/** Whether an address may create an account by itself (an invitation or admin creation skips this). */
export const selfSignupAllowed = (policy: SignupPolicy, email: string) =>
  policy.signupMode === 'open' || (policy.signupMode === 'domain' && emailDomainAllowed(email, policy.emailDomains) && !(policy.refuseSubaddresses && isSubaddress(email)));

/**
 * Domain mode keeps every account's address in the company's domains: at sign-up, and when an
 * employee changes their address (docs/access.md#changing-the-e-mail-address), with the same words.
 */
export const assertEmailDomainAllowed = (policy: SignupPolicy, email: string) => {
  if (policy.signupMode !== 'domain') return;
  if (!emailDomainAllowed(email, policy.emailDomains)) throw new AppError(403, 'EMAIL_DOMAIN_NOT_ALLOWED', emailDomainRefusal(policy.emailDomains));
  if (policy.refuseSubaddresses && isSubaddress(email)) throw new AppError(403, 'EMAIL_DOMAIN_NOT_ALLOWED', SUBADDRESS_REFUSAL);
};

/**
 * Refuses a self-made account the sign-up policy does not allow, before anything is written:
 * invite mode needs an invitation, domain mode a company address (the SPA shows it under the e-mail field).
 */
export const assertSelfSignupAllowed = (policy: SignupPolicy, email: string) => {
  if (policy.signupMode === 'invite') throw new AppError(403, 'INVITATION_REQUIRED', INVITATION_REQUIRED_MESSAGE);
  assertEmailDomainAllowed(policy, email);
};
