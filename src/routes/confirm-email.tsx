import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../components/page-shell';
import { ConfirmEmailScreen } from '../features/access';

/** The mail's link: open to guests and signed-in people alike (it may be opened on another device). */
export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' ? { token: search.token } : {}),
  component: ConfirmEmailPage,
});

function ConfirmEmailPage() {
  const { token = '' } = Route.useSearch();
  return (
    <PageShell title="Confirm your e-mail address" size="xs">
      <ConfirmEmailScreen token={token} />
    </PageShell>
  );
}
