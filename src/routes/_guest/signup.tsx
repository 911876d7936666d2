import { createFileRoute } from '@tanstack/react-router';
import { accessOptionsQuery } from '../../api/access-options';
import { PageShell } from '../../components/page-shell';
import { InvitationOnlyNotice, SignupFormCard } from '../../features/auth';

export const Route = createFileRoute('/_guest/signup')({
  // The policy decides what the page shows; a failed load falls back to the form (the server still decides).
  loader: ({ context }) => context.queryClient.ensureQueryData(accessOptionsQuery()).catch(() => null),
  component: SignupPage,
});

function SignupPage() {
  const options = Route.useLoaderData();
  return (
    <PageShell title="Create new profile" size="sm">
      {options?.signupMode === 'invite' ? <InvitationOnlyNotice /> : <SignupFormCard emailDomains={options?.emailDomains ?? []} />}
    </PageShell>
  );
}
