import { z } from 'zod';
import { importSourceNames } from './import-sources';
import { IsoDate, endpoint } from './common';

/**
 * 'Import workout files' (docs/trackers.md "File imports"): FIT, GPX and TCX files, ZIPs of them
 * (Garmin's and Strava's bulk exports) and Apple Health's export.zip. The upload is read and
 * previewed first, writing nothing; the preview's sealed `ticket` then imports what it showed.
 */

/** The multipart fields besides the files (`files`, one part each): the browser's time zone, for files with UTC times only. */
export const WorkoutFilesFields = z.object({ timeZone: z.string().max(64, 'Time zone must be at most 64 characters').optional() });

export const PreviewWorkout = z.object({
  /** Where it was read: `run.fit`, or `export.zip/activities/123.fit.gz`. */
  file: z.string(),
  /** The athlete's local day of the start. */
  day: IsoDate,
  /** The start, an ISO instant. */
  start: z.string(),
  /** Our activity type, else the file's own sport name. */
  type: z.string(),
  /** Whole minutes of moving time; null when the file has no duration. */
  minutes: z.number().int().min(0).nullable(),
  source: z.enum(importSourceNames),
  /** Why it is not imported, in the employee's words; null: it will be. */
  skipped: z.string().nullable(),
});
export type PreviewWorkout = z.infer<typeof PreviewWorkout>;

export const PreviewStepDay = z.object({ day: IsoDate, steps: z.number().int().min(0), skipped: z.string().nullable() });

export const WorkoutFilesPreview = z.object({
  /** Newest first; workouts outside the competition year past the first ones are only counted (`notListed`). */
  workouts: z.array(PreviewWorkout),
  notListed: z.number().int().min(0),
  /** Days of 10,000 steps or more inside the editable window (Apple Health). */
  steps: z.array(PreviewStepDay),
  /** Days of 10,000 steps or more outside it, only counted. */
  stepDaysOutside: z.number().int().min(0),
  /** Files holding nothing to import (the first ones), and how many there were. */
  unusedFiles: z.array(z.object({ file: z.string(), reason: z.string() })),
  unusedCount: z.number().int().min(0),
  toImport: z.object({ workouts: z.number().int().min(0), stepDays: z.number().int().min(0) }),
  /** What 'Import' sends back; null when there is nothing to import. Sealed, bound to the employee, valid 30 minutes. */
  ticket: z.string().nullable(),
});
export type WorkoutFilesPreview = z.infer<typeof WorkoutFilesPreview>;

export const ImportWorkoutFiles = z.object({ ticket: z.string().min(1, 'The preview is missing. Choose the files again').max(1_000_000, 'The preview is too large') });

export const WorkoutFilesImported = z.object({
  /** New workouts on the calendar. */
  imported: z.number().int().min(0),
  /** Workouts imported earlier from a file that this one changed. */
  updated: z.number().int().min(0),
  /** Workouts already here from another source: kept as one more source of it. */
  alsoRecorded: z.number().int().min(0),
  /** Step achievements ticked. */
  stepDays: z.number().int().min(0),
});
export type WorkoutFilesImported = z.infer<typeof WorkoutFilesImported>;

export const workoutFileEndpoints = {
  /** Reads the files and says what importing them would do; writes nothing. Multipart: `files` (repeated), `timeZone`. */
  previewWorkoutFiles: endpoint({ method: 'POST', path: '/users/workout-files/preview', auth: 'user', body: WorkoutFilesFields, multipart: true, status: 200, response: WorkoutFilesPreview }),
  /** Imports what a preview showed; the same ticket twice (or the same files again) changes nothing more. */
  importWorkoutFiles: endpoint({ method: 'POST', path: '/users/workout-files/import', auth: 'user', body: ImportWorkoutFiles, status: 200, response: WorkoutFilesImported }),
};
