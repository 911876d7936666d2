import { notifications, notificationsStore } from '@mantine/notifications';
import { ErrorReference } from './error-reference';
import { IconCheck, IconX } from '@tabler/icons-react';
import { AUTO_CLOSE_MS, toastTexts, type ToastCategory } from './toast-texts';

/** Toast ids are per category so a loading toast turns into its own success or error toast. */
const idOf = (category: ToastCategory, id?: string) => id ?? `toast-${category}`;

const isShown = (id: string) => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].some((item) => item.id === id);
};

type ToastData = Parameters<typeof notifications.show>[0];

/** Shows a toast, or replaces the one with the same id (Mantine ignores show() for a known id). */
export const showOrUpdate = (data: ToastData & { id: string }) => {
  // Mantine's close button has no text of its own: name it for screen readers (axe button-name).
  const named = { closeButtonProps: { 'aria-label': 'Close notification' }, ...data };
  if (isShown(data.id)) notifications.update(named);
  else notifications.show(named);
};

/** The message as is, and under it the request id a user can quote to support. */
const withReference = (message: string, reference?: string | null) =>
  reference ? (
    <>
      <span>{message}</span>
      <ErrorReference id={reference} />
    </>
  ) : (
    message
  );

export const toast = {
  loading(category: ToastCategory, message: string = toastTexts[category].loading, id?: string) {
    showOrUpdate({ id: idOf(category, id), message, loading: true, autoClose: false, withCloseButton: false });
  },
  success(category: ToastCategory, message: string = toastTexts[category].success, id?: string) {
    showOrUpdate({ id: idOf(category, id), message, color: 'teal', icon: <IconCheck size={18} />, loading: false, autoClose: AUTO_CLOSE_MS, withCloseButton: true });
  },
  /** Error toast: the server's message, with the category's default text as the fallback, and the request's reference. */
  error(category: ToastCategory, message: string = toastTexts[category].error, id?: string, reference?: string | null) {
    showOrUpdate({ id: idOf(category, id), message: withReference(message, reference), color: 'red', icon: <IconX size={18} />, loading: false, autoClose: AUTO_CLOSE_MS, withCloseButton: true });
  },
  /** A one-off message outside the four categories ('Session expired', photo too large, ...). */
  info(message: string, options: { id?: string; color?: string } = {}) {
    showOrUpdate({ id: options.id ?? `toast-${message}`, message, color: options.color ?? 'blue', autoClose: AUTO_CLOSE_MS, loading: false });
  },
  hide(category: ToastCategory, id?: string) {
    notifications.hide(idOf(category, id));
  },
};
