import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { callApi } from '../../../api/call-api';
import { authEndpoints, type SignupForm } from '../../../api/contract';
import { toast } from '../../../api/toasts';
import { USER_ENTRY_AFTER_SIGNUP } from '../../../lib/guard';

export type SignupInput = { form: SignupForm; photo: File | null };

/**
 * Multipart POST /auth/signup of every field but confirmPassword (empty ones omitted by callApi),
 * then signed in with the afterSignUp flag: the entry page becomes fitness services.
 */
export function useSignUp({ onSignedUp }: { onSignedUp?: () => void } = {}) {
  const { auth } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ form, photo }: SignupInput) => {
      const { confirmPassword: _confirm, ...fields } = form;
      return callApi(authEndpoints.signup, { body: fields, files: { photo } });
    },
    meta: { errorToast: false },
    onMutate: () => toast.loading('create', undefined, 'sign-up'),
    onSuccess: async (session) => {
      toast.success('create', undefined, 'sign-up');
      onSignedUp?.();
      auth.signIn(session, { afterSignUp: true });
      await navigate({ to: USER_ENTRY_AFTER_SIGNUP, replace: true });
    },
    onError: (error) => toast.error('create', error.message, 'sign-up'),
  });
}
