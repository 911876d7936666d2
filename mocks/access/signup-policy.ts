import { assertSelfSignupAllowed as assertAllowed } from '@/domain/access-policy';
import { mockAccess } from './settings';

/** The server's check (@/domain/access-policy) over the mock policy: same codes, same words. */
export const assertSelfSignupAllowed = (email: string) => assertAllowed(mockAccess.policy(), email);
