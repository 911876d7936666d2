import { lazy, Suspense } from 'react';
import { useSession } from '../../api/session';

/** Mantine's modals manager (confirm dialogs opened with `modals.openConfirmModal`). */
const ModalsProvider = lazy(() => import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })));

/**
 * The `modals.*` calls reach the manager through window events, so it needs no children and can sit
 * beside the app. Only signed-in screens open confirm dialogs: a guest's first load skips it.
 */
export function ModalsHost() {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
    </Suspense>
  );
}
