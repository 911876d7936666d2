import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { callApi } from '../../../api/call-api';
import { authEndpoints } from '../../../api/contract';
import { toast } from '../../../api/toasts';
import { authQueries } from './auth-queries';

export const PASSWORD_CHANGED = 'The password has successfully changed';
const TOAST_ID = 'reset-password';

/** PUT /auth/reset-password; on success: toast, forget the token state, go to /. */
export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (newPassword: string) => callApi(authEndpoints.resetPassword, { query: { token }, body: { newPassword } }),
    meta: { errorToast: false },
    onMutate: () => toast.loading('update', undefined, TOAST_ID),
    onSuccess: async () => {
      toast.success('update', PASSWORD_CHANGED, TOAST_ID);
      await navigate({ to: '/', replace: true });
      // Clear state only once the page has gone, so the used token is not checked again.
      queryClient.removeQueries({ queryKey: authQueries.all() });
    },
    onError: (error) => toast.error('update', error.message, TOAST_ID),
  });
}
