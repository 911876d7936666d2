import { callApi } from '../../../api/call-api';
import { activityEndpoints } from '../../../api/contract/activity';
import { activityQueries } from './activity-queries';
import { useApiMutation } from '../../../api/api-mutation';

type Toggle = { date: string; achieved: boolean };
const categoryOf = ({ achieved }: Toggle) => (achieved ? 'delete' : 'create');

/** The star: marks the day's 10,000 steps, or takes the mark back when it is already set. */
export const useToggleDailySteps = () =>
  useApiMutation({
    call: ({ date, achieved }: Toggle) =>
      achieved ? callApi(activityEndpoints.removeSteps, { body: { date } }) : callApi(activityEndpoints.addSteps, { body: { date } }),
    invalidates: activityQueries.all(),
    toasts: { category: categoryOf },
  });
