import { useNavigate } from '@tanstack/react-router';
import type { SigninBody } from '../../../api/contract';
import { entryPage } from '../../../lib/guard';
import { useApiMutation } from '../../../api/api-mutation';
import { ApiError } from '../../../api/api-error';
import { preloadAuthCalls } from './lazy-auth-calls';
import { useAuth } from '../../../api/use-auth';

/**
 * A refusal of the credentials themselves (a wrong password 401, too many attempts 429): the login
 * form shows it beside its fields. The toasted statuses (400, 404, 500 and no answer) stay toasts
 * (docs/product-rules.md#toasts-and-errors).
 */
export const isSignInRefusal = (error: Error) => error instanceof ApiError && error.statusCode > 400 && error.statusCode < 500 && error.statusCode !== 404;

/** POST /auth/signin, then straight to the role's entry page. A refusal shows on the form, other errors in a toast. */
export function useSignIn() {
  const auth = useAuth();
  const navigate = useNavigate();
  return useApiMutation({
    call: async (body: SigninBody) => (await preloadAuthCalls()).signInCall(body),
    invalidates: null,
    toasts: { category: 'create', id: 'sign-in', loading: false, success: false, shownOnScreen: isSignInRefusal },
    then: async (session) => {
      auth.signIn(session);
      await navigate({ href: entryPage(session.user.role), replace: true });
    },
  });
}
