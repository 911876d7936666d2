/**
 * The minute rule (docs/trackers.md): a provider reports moving/active time in seconds; an
 * activity counts whole minutes, rounded to the nearest minute (half a minute rounds up), so
 * 60-89 s is 1 minute, 90-149 s is 2. Under 60 s it is not an activity at all (moving
 * time is at least one minute) and is not imported. A day has 1,440 minutes: more is capped there.
 */
export const MIN_SECONDS = 60;
export const MAX_MINUTES = 1440;

/** Whole minutes of `seconds`, or null when the activity is too short to import. */
export const minutesOf = (seconds: number): number | null => {
  if (!Number.isFinite(seconds) || seconds < MIN_SECONDS) return null;
  return Math.min(MAX_MINUTES, Math.round(seconds / 60));
};
