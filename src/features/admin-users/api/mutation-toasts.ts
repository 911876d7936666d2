import type { QueryClient } from '@tanstack/react-query';
import { shouldToastError } from '../../../api/query-client';
import { toast, type ToastCategory } from '../../../api/toasts';
import { adminUsersQueries } from './admin-users-queries';

/**
 * SPEC 8 toasts of a users-management mutation: loading, then success or the server's message.
 * The shared MutationCache toasts 400/404/500 itself; this covers the rest (409 self-delete, 403)
 * so a loading toast never stays behind.
 */
export const toastsFor = (category: ToastCategory) => ({
  onMutate: () => toast.loading(category),
  onError: (error: Error) => {
    if (!shouldToastError(error)) toast.error(category, error.message || undefined);
  },
});

/** Success toast, then a refetch of everything the feature shows (factory level). */
export const refetchUsers = (queryClient: QueryClient, category: ToastCategory) => async () => {
  toast.success(category);
  await queryClient.invalidateQueries({ queryKey: adminUsersQueries.all() });
};
