import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { accessEndpoints } from '../../../api/contract';

/** Query factory of the access feature. */
export const accessQueries = {
  all: () => ['access'] as const,
  confirmation: () =>
    queryOptions({
      queryKey: [...accessQueries.all(), 'confirmation'] as const,
      queryFn: ({ signal }) => callApi(accessEndpoints.confirmation, { signal }),
      // Changes only when the owner opens the link: the confirmation page refetches it, and a tab
      // coming back into focus reads it again (the link may have been opened in another tab).
      staleTime: 5 * 60 * 1000,
      refetchOnWindowFocus: 'always',
      meta: { errorToast: false },
    }),
};
