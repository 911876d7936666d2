import type { Activity } from '../../api/contract/activity';

const providerNames = { strava: 'Strava', fitbit: 'Fitbit' } as const;

/**
 * Where a workout came from, in the employee's words: 'Logged by hand', 'From Strava', or, when a
 * second tracker reported the same workout (it counts once), 'From Strava · also recorded by Fitbit'.
 */
export const sourceLabel = (activity: Pick<Activity, 'source' | 'alsoRecordedBy'>) => {
  if (activity.source === 'manual') return 'Logged by hand';
  const from = `From ${providerNames[activity.source]}`;
  const others = activity.alsoRecordedBy.filter((other) => other !== activity.source).map((other) => providerNames[other]);
  return others.length === 0 ? from : `${from} · also recorded by ${others.join(' and ')}`;
};
