import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useIsOnline } from '../api/offline/online-status';

export const OFFLINE_BANNER_TITLE = 'You are offline';
export const OFFLINE_BANNER_TEXT = 'Workouts you log are saved on this device and sent when you are back online. The months you have opened are still shown.';

/** What still works without a connection (docs/product-rules.md#offline-logging). */
export function OfflineBanner() {
  const online = useIsOnline();
  if (online) return null;
  return (
    <Alert role="status" color="gray" variant="light" radius={0} icon={<IconWifiOff size={20} aria-hidden />} title={OFFLINE_BANNER_TITLE}>
      {OFFLINE_BANNER_TEXT}
    </Alert>
  );
}
