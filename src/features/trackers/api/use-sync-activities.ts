import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { usersEndpoints, type ApiType, type ConnectedApis } from '../../../api/contract/users';
import { toast } from '../../../api/toasts';
import { toastOtherErrors } from '../../../api/mutation-toasts';
import { serviceByType } from '../services';
import { trackerQueries } from './tracker-queries';

const TOAST_ID = 'tracker-sync';
/** How often, and how long, the screen looks for the queued imports' results. */
const POLL_MS = 1000;
const MAX_POLLS = 60;
const UP_TO_DATE = 'Up to date';

export const syncedMessage = (imported: number) =>
  imported === 0 ? 'Your activities are up to date' : `${imported} ${imported === 1 ? 'activity' : 'activities'} imported`;

type Outcome = { text: string; failed: boolean; imported: boolean; pending: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the services' last attempts (newer than `before`) say, in one sentence; null while any is still running. */
const outcomeOf = (queued: ApiType[], problems: { apiType: ApiType; message: string }[], before: Map<ApiType, string | null>, data: ConnectedApis): Outcome | null => {
  const parts: string[] = [];
  let failed = problems.length > 0;
  let imported = false;
  for (const type of queued) {
    const status = data.services.find((service) => service.apiType === type);
    if (!status) continue; // disconnected meanwhile
    if (status.lastAttemptAt === null || status.lastAttemptAt === before.get(type)) return null;
    const ok = status.state === 'connected' && status.lastAttemptOk === true;
    failed ||= !ok;
    if (ok && status.lastResult && status.lastResult !== UP_TO_DATE) {
      imported = true;
      parts.push(queued.length > 1 ? `${serviceByType(type).label}: ${status.lastResult}` : status.lastResult);
    }
    if (!ok && status.lastResult) parts.push(status.lastResult);
  }
  parts.push(...problems.map((problem) => problem.message));
  return { text: parts.length > 0 ? parts.join('. ').replace(/\.\./g, '.') : syncedMessage(0), failed, imported, pending: false };
};

/**
 * POST /users/sync-activities queues one import per service; the screen then follows the
 * services' statuses until each queued one has a newer attempt, and says what came of it.
 * Imported activities change the dashboard, feed and standings: every query but the session refetches.
 */
export const useSyncActivities = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Outcome> => {
      const known = queryClient.getQueryData(trackerQueries.apis().queryKey);
      const before = new Map((known?.services ?? []).map((service) => [service.apiType, service.lastAttemptAt]));
      const { queued, problems } = await callApi(usersEndpoints.syncActivities);
      for (let poll = 0; poll < MAX_POLLS; poll += 1) {
        const data = await queryClient.fetchQuery({ ...trackerQueries.apis(), staleTime: 0 });
        const outcome = outcomeOf(queued, problems, before, data);
        if (outcome) return outcome;
        await sleep(POLL_MS);
      }
      return { text: 'Your sync is still running: its result will show next to each service.', failed: false, imported: false, pending: true };
    },
    meta: { errorToast: false },
    onMutate: () => toast.loading('create', 'Syncing activities...', TOAST_ID),
    onSuccess: async (outcome) => {
      if (outcome.failed) toast.error('create', outcome.text, TOAST_ID);
      else toast.success('create', outcome.text, TOAST_ID);
      await queryClient.invalidateQueries({ queryKey: trackerQueries.all() });
      if (outcome.imported) await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
    onError: toastOtherErrors('create', TOAST_ID),
  });
};
