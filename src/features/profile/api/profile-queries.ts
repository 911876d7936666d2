import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { usersEndpoints } from '../../../api/contract/users';

/** The one query-key factory of the profile; the update mutation invalidates `profileQueries.all()`. */
export const profileQueries = {
  all: () => ['profile'] as const,
  detail: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.all(), userId] as const,
      queryFn: ({ signal }) => callApi(usersEndpoints.profile, { params: { id: userId }, signal }),
    }),
};
