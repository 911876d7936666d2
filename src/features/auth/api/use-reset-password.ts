import { useNavigate } from '@tanstack/react-router';
import { callApi } from '../../../api/call-api';
import { authEndpoints } from '../../../api/contract';
import { authQueries } from './auth-queries';
import { useApiMutation } from '../../../api/api-mutation';

export const PASSWORD_CHANGED = 'The password has successfully changed';
const TOAST_ID = 'reset-password';

/** PUT /auth/reset-password; on success: toast, forget the token state, go to /. */
export function useResetPassword(token: string) {
  const navigate = useNavigate();
  return useApiMutation({
    call: (newPassword: string) => callApi(authEndpoints.resetPassword, { query: { token }, body: { newPassword } }),
    invalidates: null,
    toasts: { category: 'update', id: TOAST_ID, success: PASSWORD_CHANGED },
    then: async (_result, _password, queryClient) => {
      await navigate({ to: '/', replace: true });
      // Clear state only once the page has gone, so the used token is not checked again.
      queryClient.removeQueries({ queryKey: authQueries.all() });
    },
  });
}
