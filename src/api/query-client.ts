import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { isShownByForm } from './form-sent';
import { categoryOfMethod, toast } from './toasts';

/** Statuses whose server message is shown as a toast, whatever the screen. */
const TOASTED_STATUSES = new Set([400, 404, 500]);

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    /** `errorToast: false` when the screen shows the error itself (e.g. forms). */
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

export const shouldToastError = (error: unknown): error is ApiError => error instanceof ApiError && TOASTED_STATUSES.has(error.statusCode);

/** The request id is for what nobody expected (a 5xx, no answer): a refusal's message says it all. */
export const referenceOf = (error: unknown) => (error instanceof ApiError && error.statusCode >= 500 ? error.requestId : null);

/** The toast (docs/product-rules.md#toasts-and-errors): the server message, in the toast of the method's category. */
export const toastApiError = (error: unknown) => {
  if (!shouldToastError(error)) return;
  toast.error(categoryOfMethod[error.method ?? 'GET'], error.message, undefined, referenceOf(error));
};

const isClientError = (error: unknown) => error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500;

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Offline the banner already says why nothing loads: no toast per failed read.
        if (query.meta?.errorToast !== false && onlineManager.isOnline()) toastApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        // A refusal the form that sent the write shows beside its fields or above its buttons is not toasted as well.
        if (mutation.meta?.errorToast !== false && !isShownByForm(error, variables)) toastApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // One retry for flaky networks; a 4xx will not get better by asking again.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
        refetchOnWindowFocus: false,
        // Reads run even offline: what the device keeps shows, anything else shows its error with
        // Retry instead of waiting without end (only the queued writes wait for the connection).
        networkMode: 'always',
      },
      // A write that cannot be queued fails at once offline (the form shows it) instead of waiting paused.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
