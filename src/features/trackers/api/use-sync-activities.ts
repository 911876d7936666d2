import { callApi } from '../../../api/call-api';
import { trackersEndpoints } from '../../../api/contract/trackers';
import { useApiMutation } from '../../../api/api-mutation';

const TOAST_ID = 'tracker-sync';

export const syncedMessage = (imported: number) =>
  imported === 0 ? 'Your activities are up to date' : `${imported} ${imported === 1 ? 'activity' : 'activities'} imported`;

/** POST /users/sync-activities; imported activities change the dashboard, feed and standings, so every query but the session refetches. */
export const useSyncActivities = () =>
  useApiMutation({
    call: () => callApi(trackersEndpoints.syncActivities),
    invalidates: ({ imported }) => (imported > 0 ? 'all-but-session' : null),
    toasts: { category: 'create', id: TOAST_ID, loading: 'Syncing activities...', success: ({ imported }) => syncedMessage(imported) },
  });
