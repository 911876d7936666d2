import { useNavigate } from '@tanstack/react-router';
import { callApi } from '../../../api/call-api';
import { authEndpoints, type SignupForm } from '../../../api/contract';
import { USER_ENTRY_AFTER_SIGNUP } from '../../../lib/guard';
import { useApiMutation } from '../../../api/api-mutation';
import { useAuth } from '../../../api/use-auth';

export type SignupInput = { form: SignupForm; photo: File | null };

/**
 * Multipart POST /auth/signup of every field but confirmPassword (empty ones omitted by callApi),
 * then signed in with the afterSignUp flag: the entry page becomes fitness services.
 */
export function useSignUp({ onSignedUp }: { onSignedUp?: () => void } = {}) {
  const auth = useAuth();
  const navigate = useNavigate();
  return useApiMutation({
    call: ({ form, photo }: SignupInput) => {
      const { confirmPassword: _confirm, ...fields } = form;
      return callApi(authEndpoints.signup, { body: fields, files: { photo } });
    },
    invalidates: null,
    toasts: { category: 'create', id: 'sign-up' },
    then: async (session) => {
      onSignedUp?.();
      auth.signIn(session, { afterSignUp: true });
      await navigate({ to: USER_ENTRY_AFTER_SIGNUP, replace: true });
    },
  });
}
