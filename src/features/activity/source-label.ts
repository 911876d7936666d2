import type { Activity } from '../../api/contract/activity';
import { importedSourceLabel } from '../../api/contract/imported-sources';

/**
 * Where a workout came from, in the employee's words: 'Logged by hand', 'From Strava', 'From Phone app', or, when a
 * second tracker reported the same workout (it counts once), 'From Strava · also recorded by Fitbit'.
 */
export const sourceLabel = (activity: Pick<Activity, 'source' | 'alsoRecordedBy'>) => {
  if (activity.source === 'manual') return 'Logged by hand';
  const from = `From ${importedSourceLabel(activity.source)}`;
  const others = [...new Set(activity.alsoRecordedBy.filter((other) => other !== activity.source))].map(importedSourceLabel);
  return others.length === 0 ? from : `${from} · also recorded by ${others.join(' and ')}`;
};
