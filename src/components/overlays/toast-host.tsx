import { lazy, Suspense, useState } from 'react';
import { notificationsStore, useNotifications } from '@mantine/notifications';

/** Mantine's toast container (with its transitions), fetched with the first toast: a page that shows none never loads it. */
const ToastContainer = lazy(() => import('./toast-container'));

/**
 * Mounts the toast container once the store holds a toast and keeps it (so the last toast still
 * animates out). toast.* only writes to the store: a toast shown before the container arrived
 * appears as soon as it has.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications(notificationsStore);
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
