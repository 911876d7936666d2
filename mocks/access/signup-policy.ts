import { INVITATION_REQUIRED_MESSAGE, emailDomainAllowed, emailDomainRefusal } from '@/domain/access-policy';
import { AppError, forbidden } from '../errors';
import { mockAccess } from './settings';

/** The API's modules/access/signup-policy.ts over the mock policy: same codes, same words. */
export const assertSelfSignupAllowed = (email: string) => {
  const policy = mockAccess.policy();
  if (policy.signupMode === 'invite') throw forbidden(INVITATION_REQUIRED_MESSAGE, 'INVITATION_REQUIRED');
  if (policy.signupMode === 'domain' && !emailDomainAllowed(email, policy.emailDomains)) throw new AppError(403, 'EMAIL_DOMAIN_NOT_ALLOWED', emailDomainRefusal(policy.emailDomains));
};
