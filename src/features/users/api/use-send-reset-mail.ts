import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { usersEndpoints } from '../../../api/contract/users';
import { toast } from '../../../api/toasts';

/** SPEC 8 texts, the same as the forgot-password dialog's. */
export const RESET_MAIL_SENDING = 'Reset password mail is sending...';
export const RESET_MAIL_SENT = 'Reset password mail has been sent';

export const RESET_MAIL_MUTATION_KEY = ['admin-users', 'reset-mail'] as const;

/** POST /users/:id/reset-password: the user gets the forgot-password mail. One toast per user. */
export const useSendResetMail = () =>
  useMutation({
    mutationKey: RESET_MAIL_MUTATION_KEY,
    mutationFn: (id: number) => callApi(usersEndpoints.sendResetMail, { params: { id } }),
    meta: { errorToast: false },
    onMutate: (id) => toast.loading('create', RESET_MAIL_SENDING, `reset-mail-${id}`),
    onSuccess: (_result, id) => toast.success('create', RESET_MAIL_SENT, `reset-mail-${id}`),
    onError: (error, id) => toast.error('create', error.message, `reset-mail-${id}`),
  });
