import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { usersEndpoints } from '../../../api/contract/users';
import { toast } from '../../../api/toasts';
import { toastOtherErrors } from '../../../api/mutation-toasts';
import { trackerQueries } from './tracker-queries';

const TOAST_ID = 'tracker-sync';

export const syncedMessage = (imported: number) =>
  imported === 0 ? 'Your activities are up to date' : `${imported} ${imported === 1 ? 'activity' : 'activities'} imported`;

/** POST /users/sync-activities; imported activities change the dashboard, feed and standings, so every query but the session refetches. */
export const useSyncActivities = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(usersEndpoints.syncActivities),
    meta: { errorToast: false },
    onMutate: () => toast.loading('create', 'Syncing activities...', TOAST_ID),
    onSuccess: async ({ imported, problems }) => {
      // Each service syncs on its own: what worked is said, and so is what did not.
      if (problems.length === 0) toast.success('create', syncedMessage(imported), TOAST_ID);
      else toast.error('create', [imported > 0 ? syncedMessage(imported) + '.' : '', ...problems.map((problem) => problem.message)].filter(Boolean).join(' '), TOAST_ID);
      await queryClient.invalidateQueries({ queryKey: trackerQueries.all() });
      if (imported > 0) await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
    onError: toastOtherErrors('create', TOAST_ID),
  });
};
