import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { activityEndpoints } from '../../../api/contract/activity';
import { monthRange } from '../month';

/**
 * The one query-key factory of the dashboard. Mutations invalidate `activityQueries.all()`,
 * which covers every month and every day's event list.
 */
export const activityQueries = {
  all: () => ['activity'] as const,
  months: () => [...activityQueries.all(), 'month'] as const,
  /** `monthStart` is `YYYY-MM-01`. */
  month: (monthStart: string) =>
    queryOptions({
      queryKey: [...activityQueries.months(), monthStart] as const,
      queryFn: ({ signal }) => callApi(activityEndpoints.month, { query: monthRange(monthStart), signal }),
    }),
  dayEvents: (date: string) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'events', date] as const,
      queryFn: ({ signal }) => callApi(activityEndpoints.participatedEvents, { query: { date }, signal }),
    }),
};
