import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { callApi } from '../../../api/call-api';
import { authEndpoints, type SigninBody } from '../../../api/contract';
import { entryPage } from '../../../lib/guard';
import { useApiMutation } from '../../../api/api-mutation';

/** POST /auth/signin, then straight to the role's entry page. Server errors become a toast. */
export function useSignIn() {
  const { auth } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  return useApiMutation({
    call: (body: SigninBody) => callApi(authEndpoints.signin, { body }),
    invalidates: null,
    toasts: { category: 'create', id: 'sign-in', loading: false, success: false },
    then: async (session) => {
      auth.signIn(session);
      await navigate({ href: entryPage(session.user.role), replace: true });
    },
  });
}
