import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { AUTO_CLOSE_MS } from '../../api/toast-texts';

/**
 * Toasts sit at the bottom right (full width on phones), so they never cover the navigation bar;
 * they close after 5 s, and only the one under the pointer waits while it is hovered (with its
 * countdown shown). Loaded lazily by ToastHost.
 */
export default function ToastContainer() {
  return <Notifications position="bottom-right" autoClose={AUTO_CLOSE_MS} zIndex={1000} pauseResetOnHover="notification" withAutoCloseProgress />;
}
