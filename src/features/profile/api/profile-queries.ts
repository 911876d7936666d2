import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { profileEndpoints } from '../../../api/contract/profile';
import { setSessionUser } from '../../../api/session';

/** The one query-key factory of the profile; the update mutation invalidates `profileQueries.all()`. */
export const profileQueries = {
  all: () => ['profile'] as const,
  detail: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.all(), userId] as const,
      queryFn: async ({ signal, client }) => {
        const user = await callApi(profileEndpoints.profile, { params: { id: userId }, signal });
        // The signed-in user's own profile is the fresher copy of the session's user (e.g. a new address confirmed in another tab).
        setSessionUser(client, user);
        return user;
      },
      // Back in this tab, read it again: the new address's link may have been opened elsewhere (docs/access.md#changing-the-e-mail-address).
      refetchOnWindowFocus: 'always',
    }),
};
