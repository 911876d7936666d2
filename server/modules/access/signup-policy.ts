import type { SignupPolicy } from '@/domain/access-policy';

/** The start-up line: which policy is in force and, when nobody chose it, how to choose. */
export const signupPolicyLogLine = (policy: SignupPolicy & { fromEnvironment: boolean }) => {
  if (!policy.fromEnvironment)
    return 'SIGNUP_MODE is not set: sign-up is open to anyone who can reach the app. To limit it, set SIGNUP_MODE=domain with SIGNUP_EMAIL_DOMAINS=your-company.com (a comma list), or SIGNUP_MODE=invite (accounts by invitation only); see docs/access.md.';
  if (policy.signupMode === 'domain')
    return `Sign-up mode: domain (addresses at ${policy.emailDomains.join(', ')} only${policy.refuseSubaddresses ? ", without a '+' tag" : ''})`;
  return `Sign-up mode: ${policy.signupMode}`;
};
