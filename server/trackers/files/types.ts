import type { ImportSource } from '@/contract/import-sources';

/**
 * One workout as a file reports it, read into our terms (fit.ts, gpx.ts, tcx.ts, apple-health.ts).
 * `offsetMinutes`: the file's own UTC offset at the start (FIT's local timestamp, Apple Health's
 * dates); null when the file has only UTC times (GPX, TCX), so the uploader's time zone decides the day.
 */
export type FileWorkout = {
  source: ImportSource;
  /** Where it was read: `run.fit`, or `export.zip/activities/123.fit.gz`. */
  file: string;
  startAt: Date;
  offsetMinutes: number | null;
  /** Moving time in seconds: the timer (FIT, TCX), the workout's duration (Apple Health) or the time spent moving (GPX); null: none. */
  seconds: number | null;
  /** Our activity type where one fits, else the file's own sport name; null: not a workout (a drive, a transition). */
  name: string | null;
};

/** One day's steps from one device or app (Apple Health's `sourceName`), on the local day of the samples. */
export type StepDay = { day: string; origin: string; steps: number };

/** A file that holds no workout to import, with why (shown in the preview, never an error). */
export type UnusedFile = { file: string; reason: string };
