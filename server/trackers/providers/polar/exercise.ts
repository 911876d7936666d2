import { cleanTitle } from '../provider-request';
import type { ProviderActivity } from '../types';

/**
 * Polar AccessLink v3 exercises ("Exercises", `GET /v3/exercises`): `id` (hashed), `start_time`
 * (local time, no offset), `start_time_utc_offset` (minutes), `duration` (ISO 8601, `PT1H2M3S`),
 * `sport` and `detailed_sport_info` (e.g. `RUNNING`, `ROAD_BIKING`), `upload_time`.
 */
export type PolarExercise = {
  id?: unknown;
  upload_time?: unknown;
  start_time?: unknown;
  start_time_utc_offset?: unknown;
  duration?: unknown;
  sport?: unknown;
  detailed_sport_info?: unknown;
};

/** Polar's sports mapped onto the product's activity types; others keep their name, humanised. */
const SPORTS: Record<string, string> = {
  RUNNING: 'Running',
  TREADMILL_RUNNING: 'Running',
  TRAIL_RUNNING: 'Running',
  ROAD_RUNNING: 'Running',
  WALKING: 'Walking',
  NORDIC_WALKING: 'Walking',
  HIKING: 'Hiking',
  CYCLING: 'Cycling',
  ROAD_BIKING: 'Cycling',
  MOUNTAIN_BIKING: 'Cycling',
  INDOOR_CYCLING: 'Spinning',
  SWIMMING: 'Swimming',
  POOL_SWIMMING: 'Swimming',
  OPEN_WATER_SWIMMING: 'Swimming',
  YOGA: 'Yoga',
  PILATES: 'Pilates',
  STRENGTH_TRAINING: 'Strength Training',
  CIRCUIT_TRAINING: 'Circuit Training',
  AEROBICS: 'Aerobics',
  DANCING: 'Dancing',
  TENNIS: 'Tennis',
  GOLF: 'Golf',
  CLIMBING: 'Climbing',
  DOWNHILL_SKIING: 'Skiing/Snowboarding',
  CROSS_COUNTRY_SKIING: 'Skiing/Snowboarding',
  SNOWBOARDING: 'Skiing/Snowboarding',
  ELLIPTICAL: 'Elliptical',
};

/** `PT1H2M3.5S` in seconds; null when it is not an ISO 8601 duration of hours, minutes and seconds. */
export const isoDurationSeconds = (value: unknown): number | null => {
  if (typeof value !== 'string') return null;
  const match = /^PT(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(value.trim());
  if (!match || value.trim() === 'PT') return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
};

const humanised = (sport: string) => sport.charAt(0) + sport.slice(1).toLowerCase().replace(/_/g, ' ');

/** One exercise in our terms, or why it cannot be read (skipped and logged). */
export const readPolarExercise = (exercise: PolarExercise): ProviderActivity | string => {
  if (typeof exercise.id !== 'string' || !exercise.id) return 'no id';
  const local = typeof exercise.start_time === 'string' ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(exercise.start_time) : null;
  if (!local) return 'no start time';
  const offsetMinutes = typeof exercise.start_time_utc_offset === 'number' ? exercise.start_time_utc_offset : 0;
  // The local time less its offset is the instant (a 08:00 start at +120 is 06:00 UTC).
  const startAt = new Date(Date.parse(`${local[1]}T${local[2]}Z`) - offsetMinutes * 60_000);
  if (Number.isNaN(startAt.getTime())) return 'no start time';
  const seconds = isoDurationSeconds(exercise.duration);
  if (seconds === null) return 'no duration';
  const sport = typeof exercise.detailed_sport_info === 'string' && SPORTS[exercise.detailed_sport_info] ? exercise.detailed_sport_info : typeof exercise.sport === 'string' ? exercise.sport : '';
  const uploaded = typeof exercise.upload_time === 'string' && !Number.isNaN(Date.parse(exercise.upload_time)) ? new Date(exercise.upload_time) : null;
  return {
    externalId: exercise.id,
    name: SPORTS[sport] ?? cleanTitle(sport ? humanised(sport) : null) ?? 'Other',
    seconds,
    startAt,
    localDay: local[1]!,
    // Polar's exercises carry no sharing setting: shown like Fitbit's (the employee's own privacy applies).
    isPrivate: false,
    updatedAt: uploaded,
  };
};
