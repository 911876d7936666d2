import { INVITATION_REQUIRED_MESSAGE, emailDomainAllowed, emailDomainRefusal, type SignupPolicy } from '@/domain/access-policy';
import { AppError, forbidden } from '@/domain/errors';

export const invitationRequired = () => forbidden(INVITATION_REQUIRED_MESSAGE, 'INVITATION_REQUIRED');
export const emailDomainNotAllowed = (domains: readonly string[]) => new AppError(403, 'EMAIL_DOMAIN_NOT_ALLOWED', emailDomainRefusal(domains));

/**
 * Refuses a self-made account the sign-up policy does not allow, before anything is written:
 * invite mode needs an invitation, domain mode a company address (the SPA shows it under the e-mail field).
 */
export const assertSelfSignupAllowed = (policy: SignupPolicy, email: string) => {
  if (policy.signupMode === 'invite') throw invitationRequired();
  if (policy.signupMode === 'domain' && !emailDomainAllowed(email, policy.emailDomains)) throw emailDomainNotAllowed(policy.emailDomains);
};

/** The start-up line: which policy is in force and, when nobody chose it, how to choose. */
export const signupPolicyLogLine = (policy: SignupPolicy & { fromEnvironment: boolean }) => {
  if (!policy.fromEnvironment)
    return 'SIGNUP_MODE is not set: sign-up is open to anyone who can reach the app. To limit it, set SIGNUP_MODE=domain with SIGNUP_EMAIL_DOMAINS=your-company.com (a comma list), or SIGNUP_MODE=invite (accounts by invitation only); see docs/access.md.';
  if (policy.signupMode === 'domain') return `Sign-up mode: domain (addresses at ${policy.emailDomains.join(', ')} only)`;
  return `Sign-up mode: ${policy.signupMode}`;
};
