import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSession } from '../../../api/session';
import { JoinLinkProblem, JoinPending } from '../../../components/join-profile';
import { entryPage } from '../../../lib/guard';
import { ssoCallbackCall, ssoQueries } from '../api/sso-calls';
import { useAuth } from '../../../api/use-auth';

/** One redemption per answer: the provider's code works once, and React may mount the page twice. */
const redemptions = new Map<string, ReturnType<typeof ssoCallbackCall>>();
const redeemOnce = (search: string) => {
  let pending = redemptions.get(search);
  if (!pending) {
    pending = ssoCallbackCall(search);
    redemptions.set(search, pending);
  }
  return pending;
};

/**
 * /sso/callback: where the identity provider sends the browser back. The server checks the answer
 * (state, code, ID token); an existing account goes to its entry page, a newcomer to the profile form,
 * a signed-in employee who confirmed their identity back to 'Delete my account'.
 */
export function SsoCallbackScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // Read reactively: after the provider's redirect the page loads anew and the session is restored meanwhile.
  const signedIn = useSession() !== null;
  // The provider's answer exactly as it arrived (the raw query string, as the server checks it); kept
  // from the first render, as the location moves on (to /signup?sso=true) before this page unmounts.
  const arrived = useLocation({ select: (location) => location.searchStr });
  const [search] = useState(arrived);

  useEffect(() => {
    let live = true;
    redeemOnce(search).then(
      async (result) => {
        if (!live) return;
        if (result.status === 'signed-in') {
          auth.signIn(result.session);
          await navigate({ href: entryPage(result.session.user.role), replace: true });
          return;
        }
        if (result.status === 'reauthenticated') {
          // Back to the dialog that asked for it ('Delete my account' on the profile).
          auth.signIn(result.session);
          await navigate({ to: '/employee/profile', search: { deleteAccount: 'confirmed' }, replace: true });
          return;
        }
        queryClient.setQueryData(ssoQueries.profile().queryKey, result.profile);
        await navigate({ to: '/signup', search: { sso: true }, replace: true });
      },
      (error: unknown) => {
        if (live) setFailure(error instanceof Error && error.message ? error.message : 'Single sign-on did not complete; please try again');
      },
    );
    return () => {
      live = false;
    };
  }, [auth, navigate, queryClient, search]);

  if (failure && signedIn) {
    // 'Confirm with' failed (another person at the provider, the attempt expired): still signed in.
    return (
      <JoinLinkProblem title="Your identity was not confirmed" back={{ to: '/employee/profile', label: 'Back to your profile' }}>
        {failure}
      </JoinLinkProblem>
    );
  }
  if (failure) return <JoinLinkProblem title="You are not signed in">{failure}</JoinLinkProblem>;
  return <JoinPending label="Signing you in" />;
}
