import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { accessEndpoints, profileEndpoints } from '../../../api/contract';
import { invalidateAllButSession, useApiMutation } from '../../../api/api-mutation';
import { accessQueries } from './access-queries';

/** 'Send the link again' (rate limited on the server: its 429 is toasted with the wait). */
export const useResendConfirmation = () =>
  useApiMutation({
    call: () => callApi(accessEndpoints.resendConfirmation),
    invalidates: null,
    toasts: { category: 'create', id: 'resend-confirmation', loading: 'Sending...', success: (answer) => answer.message },
  });

/** Opens the mail's link once; the page shows the answer itself (no toast). */
export const useConfirmEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(accessEndpoints.confirmEmail, { body: { token } }),
    // A changed address shows in the profile too, so everything but the session is read again.
    onSuccess: () => invalidateAllButSession(queryClient),
    meta: { errorToast: false },
  });
};

/** 'Keep my current address': the current address sent back drops the pending one (docs/access.md#changing-the-e-mail-address). */
export const useKeepCurrentEmail = (userId: number, email: string) =>
  useApiMutation({
    call: () => callApi(profileEndpoints.updateProfile, { params: { id: userId }, body: { email } }),
    invalidates: accessQueries.all(),
    toasts: { category: 'update', id: 'keep-current-email', success: 'Your e-mail address stays as it is' },
  });
