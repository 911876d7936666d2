import { createFileRoute } from '@tanstack/react-router';
import { accessOptionsQuery } from '../../api/access-options';
import { PageShell } from '../../components/page-shell';
import { AcceptInvitationScreen } from '../../features/access';
import { InvitationOnlyNotice, SignupFormCard, SsoOnlyNotice, SsoProfileScreen } from '../../features/auth';

export const Route = createFileRoute('/_guest/signup')({
  // `?invitation=` is the invitation mail's link: it works whatever the sign-up policy.
  // `?sso=1`: a newcomer back from the identity provider completes the profile.
  validateSearch: (search: Record<string, unknown>): { invitation?: string; sso?: true } => ({
    ...(typeof search.invitation === 'string' ? { invitation: search.invitation } : {}),
    ...(search.sso === true || search.sso === 1 || search.sso === '1' || search.sso === 'true' ? { sso: true as const } : {}),
  }),
  // The policy decides what the page shows; a failed load falls back to the form (the server still decides).
  loader: ({ context }) => context.queryClient.ensureQueryData(accessOptionsQuery()).catch(() => null),
  component: SignupPage,
});

function SignupPage() {
  const options = Route.useLoaderData();
  const { invitation, sso } = Route.useSearch();
  if (sso) {
    return (
      <PageShell title="Complete your profile" size="sm">
        <SsoProfileScreen />
      </PageShell>
    );
  }
  // Passwords off: an invitee or newcomer joins through the company account (the invitation still sets the level).
  if (options?.passwordSignin === false && options.sso) {
    return (
      <PageShell title={invitation ? 'Complete your profile' : 'Create new profile'} size="sm">
        <SsoOnlyNotice label={options.sso.label} />
      </PageShell>
    );
  }
  if (invitation) {
    return (
      <PageShell title="Complete your profile" size="sm">
        <AcceptInvitationScreen token={invitation} />
      </PageShell>
    );
  }
  return (
    <PageShell title="Create new profile" size="sm">
      {options?.signupMode === 'invite' ? <InvitationOnlyNotice /> : <SignupFormCard emailDomains={options?.emailDomains ?? []} />}
    </PageShell>
  );
}
