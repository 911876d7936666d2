import type { HttpMethod } from './api-error';
import type { ToastCategory } from './toast-texts';
import type * as ToastView from './toast-view';

export type { ToastCategory } from './toast-texts';

/** The toast category of each HTTP method (docs/product-rules.md#toasts-and-errors). */
export const categoryOfMethod: Record<HttpMethod, ToastCategory> = {
  GET: 'fetch',
  POST: 'create',
  PUT: 'update',
  DELETE: 'delete',
};

let view: Promise<typeof ToastView> | null = null;
const requestedListeners = new Set<() => void>();
let requested = false;

/** Mantine's notifications and their icons, fetched with the first toast: a page that shows none never loads them. */
const withView = (show: (loaded: typeof ToastView) => void) => {
  if (!requested) {
    requested = true;
    requestedListeners.forEach((listener) => listener());
  }
  // One promise for every call: toasts keep their order (a loading toast, then its success). A
  // failed fetch (offline) drops that toast, never the page, and the next toast fetches again.
  view ??= import('./toast-view').catch((error: unknown) => {
    view = null;
    throw error;
  });
  void view.then(show, () => undefined);
};

/** Whether any toast was asked for yet (the toast host mounts the container from then on). */
export const toastsRequested = () => requested;
export const onToastsRequested = (listener: () => void) => {
  requestedListeners.add(listener);
  return () => void requestedListeners.delete(listener);
};

/** The toasts of docs/product-rules.md#toasts-and-errors; each call is carried out once the toast module is there (at once after the first). */
export const toast = {
  loading: (category: ToastCategory, message?: string, id?: string) => withView(({ toast }) => toast.loading(category, message, id)),
  success: (category: ToastCategory, message?: string, id?: string) => withView(({ toast }) => toast.success(category, message, id)),
  /** Error toast: the server's message, with the category's default text as the fallback. */
  error: (category: ToastCategory, message?: string, id?: string, reference?: string | null) => withView(({ toast }) => toast.error(category, message, id, reference)),
  /** A one-off message outside the four categories ('Session expired', photo too large, ...). */
  info: (message: string, options?: { id?: string; color?: string }) => withView(({ toast }) => toast.info(message, options)),
  hide: (category: ToastCategory, id?: string) => withView(({ toast }) => toast.hide(category, id)),
};
