import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { activityEndpoints } from '../../../api/contract/activity';
import { toast } from '../../../api/toasts';
import { shouldToastError } from '../../../api/query-client';
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
    onError: (error: Error, toggle) => {
      if (!shouldToastError(error)) toast.error(categoryOf(toggle), error.message || undefined);
    },
    onSuccess: async (_, toggle) => {
      toast.success(categoryOf(toggle));
      await queryClient.invalidateQueries({ queryKey: activityQueries.all() });
    },
  });
};
