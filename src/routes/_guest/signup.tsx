import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { SignupFormCard } from '../../features/auth';

export const Route = createFileRoute('/_guest/signup')({
  component: SignupPage,
});

function SignupPage() {
  return (
    <PageShell title="Create new profile" size="sm">
      <SignupFormCard />
    </PageShell>
  );
}
