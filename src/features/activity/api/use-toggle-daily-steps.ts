import { useApiMutation } from '../../../api/api-mutation';
import { activityQueries } from './activity-queries';
import { activityWrites, type ToggleStepsVars } from './activity-writes';
import { useQueuedWrite } from './use-queued-write';

type Toggle = { date: string; achieved: boolean };
const categoryOf = ({ achieved }: Toggle) => (achieved ? 'delete' : 'create');

/** The star: marks the day's 10,000 steps, or takes the mark back when it is already set. */
export const useToggleDailySteps = () =>
  useQueuedWrite(
    useApiMutation({ call: activityWrites.toggleSteps.send, queued: activityWrites.toggleSteps.options, invalidates: activityQueries.all(), toasts: { category: categoryOf } }),
    (toggle: Toggle, idempotencyKey): ToggleStepsVars => ({ ...toggle, idempotencyKey }),
  );
