import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { profileEndpoints } from '../../../api/contract/profile';

/** The one query-key factory of the profile; the update mutation invalidates `profileQueries.all()`. */
export const profileQueries = {
  all: () => ['profile'] as const,
  detail: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.all(), userId] as const,
      queryFn: ({ signal }) => callApi(profileEndpoints.profile, { params: { id: userId }, signal }),
    }),
};
