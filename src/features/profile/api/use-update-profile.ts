import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { type User } from '../../../api/contract/users';
import { profileEndpoints } from '../../../api/contract/profile';
import { sessionKey, type Session } from '../../../api/session';
import { toast } from '../../../api/toasts';
import type { ProfileChanges } from '../changed-fields';
import { profileQueries } from './profile-queries';

const TOAST_ID = 'profile-update';

/** Multipart PUT /users/:id/profile of the changed fields only (SPEC 2), with the update toasts of SPEC 8. */
export const useUpdateProfile = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, photo }: { fields: ProfileChanges; photo: File | null }) =>
      callApi(profileEndpoints.updateProfile, { params: { id: userId }, body: fields, files: { photo } }),
    // The form shows field errors itself; every other error is toasted here, in the one update toast.
    meta: { errorToast: false },
    onMutate: () => toast.loading('update', undefined, TOAST_ID),
    onSuccess: async (user: User) => {
      toast.success('update', undefined, TOAST_ID);
      queryClient.setQueryData(profileQueries.detail(userId).queryKey, user);
      // The signed-in user's name and photo show elsewhere too (navigation, feed).
      queryClient.setQueryData<Session | null>(sessionKey, (session) => (session ? { ...session, user } : session));
      // Names, photo, privacy and level also show in the feed and leaderboards: refetch all but the session.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
    onError: (error) => toast.error('update', error.message || undefined, TOAST_ID),
  });
};
