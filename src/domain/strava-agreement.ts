import type { ScoringRules } from './scoring-rules';

/**
 * Strava's API agreement: Strava data of one athlete may be shown only to that athlete. The server
 * leaves Strava imports out of every administrator's list and export (their points alone would be
 * their minutes); a row that still reaches this mapping is masked as this title, without sport,
 * duration or date (docs/trackers.md "Strava API agreement").
 */
export const IMPORTED_FROM_STRAVA = 'Imported from Strava';

/** The `activities.source` of Strava imports. */
export const STRAVA_SOURCE = 'strava';

export type StoredWorkout = { id: number; name: string; movingTime: number; startDate: string; source: string };
export type WorkoutForOthers = { id: number; name: string; movingTime: number | null; startDate: string | null; points: number; importedFromStrava: boolean };

/** A workout as someone other than its athlete may see it (the points ignore the day's cap: the row's own share). */
export const workoutForOthers = (row: StoredWorkout, rules: ScoringRules): WorkoutForOthers => {
  const points = row.movingTime * rules.pointsPerMinute;
  if (row.source === STRAVA_SOURCE) return { id: row.id, name: IMPORTED_FROM_STRAVA, movingTime: null, startDate: null, points, importedFromStrava: true };
  return { id: row.id, name: row.name, movingTime: row.movingTime, startDate: row.startDate, points, importedFromStrava: false };
};
