import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { authEndpoints } from '../../../api/contract';

/** Query factory of the auth feature (only the reset-token check is a read). */
export const authQueries = {
  all: () => ['auth'] as const,
  resetToken: (token: string) =>
    queryOptions({
      queryKey: [...authQueries.all(), 'reset-token', token] as const,
      queryFn: ({ signal }) => callApi(authEndpoints.checkResetToken, { query: { token }, signal }),
      // The page explains a bad link itself; a used token stays bad.
      meta: { errorToast: false },
      retry: false,
      staleTime: Infinity,
    }),
};
