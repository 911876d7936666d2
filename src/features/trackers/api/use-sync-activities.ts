import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { trackersEndpoints } from '../../../api/contract/trackers';
import { toast } from '../../../api/toasts';
import { toastOtherErrors } from '../../../api/mutation-toasts';

const TOAST_ID = 'tracker-sync';

export const syncedMessage = (imported: number) =>
  imported === 0 ? 'Your activities are up to date' : `${imported} ${imported === 1 ? 'activity' : 'activities'} imported`;

/** POST /users/sync-activities; imported activities change the dashboard, feed and standings, so every query but the session refetches. */
export const useSyncActivities = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(trackersEndpoints.syncActivities),
    meta: { errorToast: false },
    onMutate: () => toast.loading('create', 'Syncing activities...', TOAST_ID),
    onSuccess: async ({ imported }) => {
      toast.success('create', syncedMessage(imported), TOAST_ID);
      if (imported > 0) await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
    onError: toastOtherErrors('create', TOAST_ID),
  });
};
