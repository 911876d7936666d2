import { createFileRoute, Outlet } from '@tanstack/react-router';
import { mayHoldSession } from '../api/session';
import { OfflineBanner } from '../components/offline-banner';
import { ConfirmEmailBanner } from '../features/access';
import type { RouterContext } from '../router-context';
import { guardArea } from './-area-guard';

const guardEmployee = guardArea('employee');

/**
 * Pathless layout: every route file under `_employee/` is guarded here (see lib/guard.ts); then the
 * employee's device store is restored (a file of its own, fetched only by employees), before any
 * page's loader reads the cache.
 */
export const Route = createFileRoute('/_employee')({
  beforeLoad: async ({ context }: { context: RouterContext }) => {
    // Fetched while the guard restores the session, not after it (one round trip fewer on a phone);
    // a guest (no session hint, nothing kept on the device) is sent to sign in without it.
    const offlineSupport = mayHoldSession() ? import('../features/activity/offline-support') : undefined;
    offlineSupport?.catch(() => undefined);
    await guardEmployee({ context });
    const { startOfflineSupport } = await (offlineSupport ?? import('../features/activity/offline-support'));
    await startOfflineSupport(context.queryClient, context.auth);
  },
  component: EmployeeArea,
});

/** Until the address is confirmed, every employee page carries the banner; without a connection, the offline one. */
function EmployeeArea() {
  return (
    <>
      <OfflineBanner />
      <ConfirmEmailBanner />
      <Outlet />
    </>
  );
}
