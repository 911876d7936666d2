import { assertEmailDomainAllowed as assertDomain, assertSelfSignupAllowed as assertAllowed } from '@/domain/access-policy';
import { mockAccess } from './settings';

/** The server's check (@/domain/access-policy) over the mock policy: same codes, same words. */
export const assertSelfSignupAllowed = (email: string) => assertAllowed(mockAccess.policy(), email);

/** A changed address stays in the company's domains in domain mode (the server's modules/access/email-change.ts). */
export const assertEmailDomainAllowed = (email: string) => assertDomain(mockAccess.policy(), email);
