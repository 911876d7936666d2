import { callApi } from '../../../api/call-api';
import { activityEndpoints } from '../../../api/contract/activity';
import { activityQueries } from './activity-queries';
import { useApiMutation } from '../../../api/api-mutation';

export const useDeleteActivity = () =>
  useApiMutation({
    call: (id: number) => callApi(activityEndpoints.remove, { params: { id } }),
    invalidates: activityQueries.all(),
    toasts: { category: 'delete' },
  });
