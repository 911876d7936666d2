/** The four kinds of operation (docs/product-rules.md#toasts-and-errors), one per HTTP method (`categoryOfMethod` in toasts.ts). */
export type ToastCategory = 'create' | 'fetch' | 'update' | 'delete';

/**
 * Default toast texts of docs/product-rules.md#toasts-and-errors, letter for letter. Only the toasts'
 * view (toast-view.tsx, fetched with the first toast) reads them, so they are not in the page's first load.
 */
export const toastTexts = {
  create: { loading: 'Creating... please wait', success: 'Created successfully', error: 'Something went wrong' },
  fetch: { loading: 'Fetching...please wait', success: 'Fetched successfully', error: 'Something went wrong' },
  update: { loading: 'Updating...please wait', success: 'Updated successfully', error: 'Something was wrong' },
  delete: { loading: 'Deleting...please wait', success: 'Deleted successfully', error: 'Something was wrong' },
} as const satisfies Record<ToastCategory, { loading: string; success: string; error: string }>;

export const AUTO_CLOSE_MS = 5000;

