import { shouldToastError } from '../../../api/query-client';
import { toast, type ToastCategory } from '../../../api/toasts';

/** The MutationCache toasts 400/404/500; this covers the rest (e.g. 502 TRACKER_ERROR) in the same toast. */
export const toastOtherErrors = (category: ToastCategory, id?: string) => (error: Error) => {
  if (!shouldToastError(error) || id) toast.error(category, error.message || undefined, id);
};
