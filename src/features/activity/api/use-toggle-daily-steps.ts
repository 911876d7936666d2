import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { activityEndpoints } from '../../../api/contract/activity';
import { succeedAndInvalidate, toastOtherErrors } from '../../../api/mutation-toasts';
import { toast } from '../../../api/toasts';
import { activityQueries } from './activity-queries';

type Toggle = { date: string; achieved: boolean };
const categoryOf = ({ achieved }: Toggle) => (achieved ? 'delete' : 'create');

/** The star: marks the day's 10,000 steps, or takes the mark back when it is already set. */
export const useToggleDailySteps = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, achieved }: Toggle) =>
      achieved ? callApi(activityEndpoints.removeSteps, { body: { date } }) : callApi(activityEndpoints.addSteps, { body: { date } }),
    onMutate: (toggle) => toast.loading(categoryOf(toggle)),
    onError: (error: Error, toggle) => toastOtherErrors(categoryOf(toggle))(error),
    onSuccess: (_, toggle) => succeedAndInvalidate(queryClient, categoryOf(toggle), activityQueries.all())(),
  });
};
