import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { shouldToastError } from './query-client';
import { toast, type ToastCategory } from './toasts';

/**
 * Error toast for what the shared MutationCache leaves out: it toasts 400/404/500 itself, this covers
 * the rest (403, 409, 502 TRACKER_ERROR, ...) so a loading toast never stays behind. With an id (a
 * mutation with `errorToast: false` and its own toast) every error is shown in that toast.
 */
export const toastOtherErrors = (category: ToastCategory, id?: string) => (error: Error) => {
  if (!shouldToastError(error) || id) toast.error(category, error.message || undefined, id);
};

/** SPEC 8 toasts of a mutation: loading, then (with `succeedAndInvalidate`) success or the server's message. */
export const toastsFor = (category: ToastCategory) => ({
  onMutate: () => toast.loading(category),
  onError: toastOtherErrors(category),
});

/** Success toast, then a refetch of everything under the feature's factory key (factory-level invalidation). */
export const succeedAndInvalidate = (queryClient: QueryClient, category: ToastCategory, queryKey: QueryKey) => async () => {
  toast.success(category);
  await queryClient.invalidateQueries({ queryKey });
};
