import { useApiMutation } from '../../../api/api-mutation';
import { preloadAuthCalls } from './lazy-auth-calls';

export const FORGOT_SENDING = 'Reset password mail is sending...';
export const FORGOT_SENT = 'Reset password mail has been sent';
const TOAST_ID = 'forgot-password';

/** POST /auth/forgot-password with its toasts (docs/product-rules.md#ui-texts): sending, then sent (or the server's message). */
export function useForgotPassword() {
  return useApiMutation({
    call: async (email: string) => (await preloadAuthCalls()).forgotPasswordCall(email),
    invalidates: null,
    toasts: { category: 'create', id: TOAST_ID, loading: FORGOT_SENDING, success: FORGOT_SENT },
  });
}
