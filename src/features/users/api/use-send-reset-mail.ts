import { callApi } from '../../../api/call-api';
import { usersEndpoints } from '../../../api/contract/users';
import { useApiMutation } from '../../../api/api-mutation';

/** Texts (docs/product-rules.md#ui-texts), the same as the forgot-password dialog's. */
export const RESET_MAIL_SENDING = 'Reset password mail is sending...';
export const RESET_MAIL_SENT = 'Reset password mail has been sent';

export const RESET_MAIL_MUTATION_KEY = ['admin-users', 'reset-mail'] as const;

/** POST /users/:id/reset-password: the user gets the forgot-password mail. One toast per user. */
export const useSendResetMail = () =>
  useApiMutation({
    mutationKey: RESET_MAIL_MUTATION_KEY,
    call: (id: number) => callApi(usersEndpoints.sendResetMail, { params: { id } }),
    invalidates: null,
    toasts: { category: 'create', id: (id) => `reset-mail-${id}`, loading: RESET_MAIL_SENDING, success: RESET_MAIL_SENT },
  });
