import { Decoder, Stream, Utils } from '@garmin/fitsdk';
import { workoutFileErrors } from '@/domain/workout-file-errors';
import { fitTypeOf } from './sports';
import type { FileWorkout, UnusedFile } from './types';

/** A FIT file starts with a 12- or 14-byte header holding ".FIT" at bytes 8-11 (FIT SDK "isFIT"). */
export const looksLikeFit = (head: Uint8Array) =>
  head.length >= 12 && (head[0] === 12 || head[0] === 14) && head[8] === 0x2e && head[9] === 0x46 && head[10] === 0x49 && head[11] === 0x54;

/** The header's data size (bytes 4-7, little endian): a file shorter than header + data + CRC ended early. */
const isShort = (bytes: Uint8Array) => {
  const dataSize = (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;
  return bytes.length < bytes[0]! + dataSize + 2;
};

const seconds = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * The activity's UTC offset: the Activity message's `local_timestamp` less its `timestamp` (FIT's
 * way of saying the device's time zone), rounded to the quarter hour; null when the file has none.
 */
const offsetOf = (activity: { timestamp?: unknown; localTimestamp?: unknown } | undefined) => {
  if (!activity || !(activity.timestamp instanceof Date) || typeof activity.localTimestamp !== 'number') return null;
  const utcSeconds = (activity.timestamp.getTime() - Utils.FIT_EPOCH_MS) / 1000;
  const minutes = Math.round((activity.localTimestamp - utcSeconds) / 60 / 15) * 15;
  return Math.abs(minutes) <= MAX_OFFSET_MINUTES ? minutes : null;
};

/**
 * One FIT file, decoded with Garmin's SDK: each session is a workout (a multisport activity has
 * several), timed by the session's timer (`total_timer_time`, the pauses left out), else its
 * `total_moving_time`, never its elapsed time. A file that fails the SDK's integrity check (size
 * or CRC) is refused; one that is not an activity (settings, a course, a planned workout) holds no workout.
 */
export const readFit = (bytes: Uint8Array, file: string): { workouts: FileWorkout[]; unused: UnusedFile | null } => {
  if (!looksLikeFit(bytes)) throw workoutFileErrors.unsupported(file);
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  if (!decoder.checkIntegrity()) throw isShort(bytes) ? workoutFileErrors.truncated(file) : workoutFileErrors.damaged(file);
  const { messages, errors } = decoder.read({ expandSubFields: false, expandComponents: false, mergeHeartRates: false, includeUnknownData: false });
  if (errors.length > 0) throw workoutFileErrors.damaged(file);
  const type = messages.fileIdMesgs?.[0]?.type;
  if (type !== undefined && type !== 'activity') return { workouts: [], unused: { file, reason: `Not a workout: a FIT ${String(type)} file` } };
  const sessions = messages.sessionMesgs ?? [];
  if (sessions.length === 0) return { workouts: [], unused: { file, reason: 'Holds no workout' } };
  const offsetMinutes = offsetOf(messages.activityMesgs?.[0]);
  const workouts = sessions.flatMap((session): FileWorkout[] => {
    const start = session.startTime instanceof Date ? session.startTime : session.timestamp instanceof Date ? session.timestamp : null;
    if (!start || Number.isNaN(start.getTime())) return [];
    return [
      {
        source: 'file',
        file,
        startAt: start,
        offsetMinutes,
        seconds: seconds(session.totalTimerTime) ?? seconds(session.totalMovingTime),
        name: fitTypeOf(session.sport, session.subSport, session.sportProfileName),
      },
    ];
  });
  return { workouts, unused: workouts.length === 0 ? { file, reason: 'Holds no workout' } : null };
};
