import type { QueryClient } from '@tanstack/react-query';
import { shouldToastError } from '../../../api/query-client';
import { toast, type ToastCategory } from '../../../api/toasts';
import { activityQueries } from './activity-queries';

/**
 * SPEC 8 toasts of a dashboard mutation: loading, then success or the server's message. The shared
 * MutationCache already toasts 400/404/500; this adds the rest (e.g. 403 EDIT_WINDOW_CLOSED) so the
 * loading toast never stays behind.
 */
export const toastsFor = (category: ToastCategory) => ({
  onMutate: () => toast.loading(category),
  onError: (error: Error) => {
    if (!shouldToastError(error)) toast.error(category, error.message || undefined);
  },
});

/** Every dashboard write refetches at factory level: all months, all day lists. */
export const refetchDashboard = (queryClient: QueryClient, category: ToastCategory) => async () => {
  toast.success(category);
  await queryClient.invalidateQueries({ queryKey: activityQueries.all() });
};
