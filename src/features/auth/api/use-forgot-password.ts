import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { authEndpoints } from '../../../api/contract';
import { toast } from '../../../api/toasts';

export const FORGOT_SENDING = 'Reset password mail is sending...';
export const FORGOT_SENT = 'Reset password mail has been sent';
const TOAST_ID = 'forgot-password';

/** POST /auth/forgot-password with the SPEC 8 toasts: sending, then sent (or the server's message). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => callApi(authEndpoints.forgotPassword, { body: { email } }),
    meta: { errorToast: false },
    onMutate: () => toast.loading('create', FORGOT_SENDING, TOAST_ID),
    onSuccess: () => toast.success('create', FORGOT_SENT, TOAST_ID),
    onError: (error) => toast.error('create', error.message, TOAST_ID),
  });
}
