import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { SsoCallbackScreen } from '../../features/auth';

/**
 * The redirect URI registered with the identity provider (APP_ORIGIN/sso/callback, docs/access.md#single-sign-on).
 * Outside the guest area: 'Confirm with <label>' comes back here signed in.
 */
export const Route = createFileRoute('/sso/callback')({
  component: () => (
    <PageShell title="Signing in" size="sm">
      <SsoCallbackScreen />
    </PageShell>
  ),
});
