import type { QueryClient } from '@tanstack/react-query';
import type { Activity, MonthActivities } from '../../../api/contract/activity';
import { activityQueries } from './activity-queries';

const monthOf = (activity: Pick<Activity, 'startDate'>) => `${activity.startDate.slice(0, 7)}-01`;

/**
 * The server's answer to a write put into the month on screen at once, so its dialog closes as the
 * answer arrives: the month is read again behind it (the write's invalidation, not awaited), and
 * that read has the last word (docs/performance.md#sign-in-dashboard-and-saving).
 */
const change = (queryClient: QueryClient, monthStart: string, edit: (month: MonthActivities) => MonthActivities) =>
  queryClient.setQueryData(activityQueries.month(monthStart).queryKey, (month) => (month ? edit(month) : month));

const withMinutes = (month: MonthActivities, minutes: number): MonthActivities['movingAnalytics'] => ({
  totalMonth: month.movingAnalytics.totalMonth + minutes,
  totalAnnual: month.movingAnalytics.totalAnnual + minutes,
});

export const monthCache = {
  added: (queryClient: QueryClient, created: Activity) =>
    change(queryClient, monthOf(created), (month) => ({ ...month, activities: [...month.activities, created], movingAnalytics: withMinutes(month, created.movingTime) })),
  removed: (queryClient: QueryClient, removed: Activity) =>
    change(queryClient, monthOf(removed), (month) => ({
      ...month,
      activities: month.activities.filter((activity) => activity.id !== removed.id),
      movingAnalytics: withMinutes(month, -removed.movingTime),
    })),
  replaced: (queryClient: QueryClient, before: Activity, after: Activity) => {
    monthCache.removed(queryClient, before);
    monthCache.added(queryClient, after);
  },
};
