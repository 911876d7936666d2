import { tcxTypeOf } from './sports';
import type { FileWorkout, UnusedFile } from './types';
import { listOf, parseXmlDocument, textOf } from './xml-document';

/**
 * A TCX file (Garmin's Training Center Database v2): each `Activity` is a workout starting at its
 * `Id` (else its first lap), timed by the sum of its laps' `TotalTimeSeconds` (the timer: pauses
 * left out). Times are UTC: the day comes from the uploader's time zone. Courses are plans, not workouts.
 */
export const readTcx = (bytes: Uint8Array, file: string): { workouts: FileWorkout[]; unused: UnusedFile | null } => {
  const document = parseXmlDocument(bytes, file);
  const root = document.TrainingCenterDatabase as Record<string, unknown> | undefined;
  const activities = listOf((root?.Activities as Record<string, unknown> | undefined)?.Activity);
  const workouts: FileWorkout[] = [];
  for (const activity of activities) {
    const laps = listOf(activity.Lap);
    const start = Date.parse(textOf(activity.Id) ?? String(laps[0]?.['@_StartTime'] ?? ''));
    if (Number.isNaN(start)) continue;
    const timer = laps.reduce((sum, lap) => {
      const value = Number(textOf(lap.TotalTimeSeconds));
      return Number.isFinite(value) && value > 0 ? sum + value : sum;
    }, 0);
    workouts.push({ source: 'file', file, startAt: new Date(start), offsetMinutes: null, seconds: timer > 0 ? timer : null, name: tcxTypeOf(activity['@_Sport']) });
  }
  return { workouts, unused: workouts.length === 0 ? { file, reason: 'Not a workout: a course or an empty training file' } : null };
};
