import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { ResetPasswordScreen } from '../../features/auth';

export const Route = createFileRoute('/_guest/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' ? { token: search.token } : {}),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token = '' } = Route.useSearch();
  return (
    <PageShell title="Reset password" size="xs">
      <ResetPasswordScreen token={token} />
    </PageShell>
  );
}
