import { createFileRoute } from '@tanstack/react-router';
import { accessOptionsQuery } from '../../api/access-options';
import { PageShell } from '../../components/page-shell';
import { AcceptInvitationScreen } from '../../features/access';
import { InvitationOnlyNotice, SignupFormCard } from '../../features/auth';

export const Route = createFileRoute('/_guest/signup')({
  // `?invitation=` is the invitation mail's link: it works whatever the sign-up policy.
  validateSearch: (search: Record<string, unknown>): { invitation?: string } =>
    typeof search.invitation === 'string' ? { invitation: search.invitation } : {},
  // The policy decides what the page shows; a failed load falls back to the form (the server still decides).
  loader: ({ context }) => context.queryClient.ensureQueryData(accessOptionsQuery()).catch(() => null),
  component: SignupPage,
});

function SignupPage() {
  const options = Route.useLoaderData();
  const { invitation } = Route.useSearch();
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
