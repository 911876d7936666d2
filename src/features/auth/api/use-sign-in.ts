import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { callApi } from '../../../api/call-api';
import { authEndpoints, type SigninBody } from '../../../api/contract';
import { toast } from '../../../api/toasts';
import { entryPage } from '../../../lib/guard';

/** POST /auth/signin, then straight to the role's entry page. Server errors become a toast. */
export function useSignIn() {
  const { auth } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: SigninBody) => callApi(authEndpoints.signin, { body }),
    meta: { errorToast: false },
    onSuccess: async (session) => {
      auth.signIn(session);
      await navigate({ href: entryPage(session.user.role), replace: true });
    },
    onError: (error) => toast.error('create', error.message, 'sign-in'),
  });
}
