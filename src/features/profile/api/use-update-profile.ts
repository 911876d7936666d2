import { callApi } from '../../../api/call-api';
import { type User } from '../../../api/contract/users';
import { profileEndpoints } from '../../../api/contract/profile';
import { setSessionUser } from '../../../api/session';
import type { ProfileChanges } from '../changed-fields';
import { profileQueries } from './profile-queries';
import { useApiMutation } from '../../../api/api-mutation';

const TOAST_ID = 'profile-update';

/** Multipart PUT /users/:id/profile of the changed fields only (docs/product-rules.md#profile), with the update toasts. */
export const useUpdateProfile = (userId: number) =>
  useApiMutation({
    call: ({ fields, photo }: { fields: ProfileChanges; photo: File | null }) =>
      callApi(profileEndpoints.updateProfile, { params: { id: userId }, body: fields, files: { photo } }),
    update: (queryClient, user: User) => {
      queryClient.setQueryData(profileQueries.detail(userId).queryKey, user);
      // The signed-in user's name and photo show elsewhere too (navigation, feed).
      setSessionUser(queryClient, user);
    },
    // Names, photo, privacy and level also show in the feed and leaderboards.
    invalidates: 'all-but-session',
    // The form shows field errors itself; every other error is toasted in the one update toast.
    toasts: { category: 'update', id: TOAST_ID },
  });
