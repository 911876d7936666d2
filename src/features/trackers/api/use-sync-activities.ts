import { callApi } from '../../../api/call-api';
import { useQueryClient } from '@tanstack/react-query';
import { trackersEndpoints, type ApiType, type ConnectedApis } from '../../../api/contract/trackers';
import { useApiMutation } from '../../../api/api-mutation';
import { sessionKey } from '../../../api/session';
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
 * services' statuses until each queued one has a newer attempt, and says what came of it (a
 * failure is thrown, so it shows as the error toast). Imported activities change the dashboard,
 * feed and standings: every query but the session refetches, failed or not.
 */
export const useSyncActivities = () => {
  const queryClient = useQueryClient();
  const refetchAllButSession = () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  return useApiMutation({
    call: async (): Promise<Outcome> => {
      const known = queryClient.getQueryData(trackerQueries.apis().queryKey);
      const before = new Map((known?.services ?? []).map((service) => [service.apiType, service.lastAttemptAt]));
      const { queued, problems } = await callApi(trackersEndpoints.syncActivities);
      for (let poll = 0; poll < MAX_POLLS; poll += 1) {
        const data = await queryClient.fetchQuery({ ...trackerQueries.apis(), staleTime: 0 });
        const outcome = outcomeOf(queued, problems, before, data);
        if (outcome?.failed) {
          if (outcome.imported) await refetchAllButSession();
          throw new Error(outcome.text);
        }
        if (outcome) return outcome;
        await sleep(POLL_MS);
      }
      return { text: 'Your sync is still running: its result will show next to each service.', failed: false, imported: false, pending: true };
    },
    invalidates: (outcome) => (outcome.imported ? 'all-but-session' : trackerQueries.all()),
    toasts: { category: 'create', id: TOAST_ID, loading: 'Syncing activities...', success: (outcome) => outcome.text },
  });
};
