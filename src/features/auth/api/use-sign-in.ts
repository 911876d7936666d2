import { useNavigate, useRouteContext } from '@tanstack/react-router';
import type { SigninBody } from '../../../api/contract';
import { entryPage } from '../../../lib/guard';
import { useApiMutation } from '../../../api/api-mutation';
import { preloadAuthCalls } from './lazy-auth-calls';

/** POST /auth/signin, then straight to the role's entry page. Server errors become a toast. */
export function useSignIn() {
  const { auth } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  return useApiMutation({
    call: async (body: SigninBody) => (await preloadAuthCalls()).signInCall(body),
    invalidates: null,
    toasts: { category: 'create', id: 'sign-in', loading: false, success: false },
    then: async (session) => {
      auth.signIn(session);
      await navigate({ href: entryPage(session.user.role), replace: true });
    },
  });
}
