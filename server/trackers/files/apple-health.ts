import { SaxesParser } from 'saxes';
import { workoutFileErrors } from '@/domain/workout-file-errors';
import { readOffsetDate } from './local-day';
import { appleTypeOf } from './sports';
import type { FileWorkout, StepDay } from './types';

const STEP_COUNT = 'HKQuantityTypeIdentifierStepCount';
const DURATION_SECONDS: Record<string, number> = { s: 1, sec: 1, min: 60, h: 3600, hr: 3600 };

/** A workout's duration in seconds: `duration` in its `durationUnit`; without one, end less start (pauses included). */
const durationOf = (attributes: Record<string, string>, start: Date, end: Date | null) => {
  const value = Number(attributes.duration);
  const unit = DURATION_SECONDS[attributes.durationUnit ?? 'min'];
  if (Number.isFinite(value) && value > 0 && unit) return value * unit;
  return end && end > start ? (end.getTime() - start.getTime()) / 1000 : null;
};

/**
 * Apple Health's `export.xml`, read as it streams in (saxes: one element at a time, so a file of
 * gigabytes costs the memory of its longest element). Kept: each `Workout` (type, duration, start
 * with its UTC offset, which gives the local day) and the daily sums of `StepCount` records per
 * source (`sourceName`: the phone, the watch, an app). Nothing else of the export is kept.
 */
export const appleHealthReader = (file: string) => {
  const workouts: FileWorkout[] = [];
  const steps = new Map<string, number>();
  // Broken in the middle: damaged; still open at the end: cut short.
  let failed: 'damaged' | 'truncated' | null = null;
  let closing = false;
  let sawRoot = false;
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', () => {
    failed ??= closing ? 'truncated' : 'damaged';
  });
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === 'HealthData') sawRoot = true;
    else if (tag.name === 'Record') {
      if (attributes.type !== STEP_COUNT) return;
      const start = readOffsetDate(attributes.startDate);
      const count = Number(attributes.value);
      if (!start || !Number.isFinite(count) || count <= 0) return;
      const key = `${start.day}\u0000${attributes.sourceName ?? ''}`;
      steps.set(key, (steps.get(key) ?? 0) + count);
    } else if (tag.name === 'Workout') {
      const start = readOffsetDate(attributes.startDate);
      if (!start) return;
      const end = readOffsetDate(attributes.endDate)?.instant ?? null;
      workouts.push({
        source: 'apple_health',
        file,
        startAt: start.instant,
        offsetMinutes: start.offsetMinutes,
        seconds: durationOf(attributes, start.instant, end),
        name: appleTypeOf(attributes.workoutActivityType),
      });
    }
  });
  const decoder = new TextDecoder('utf-8');
  return {
    /** The next bytes of the file (any split; a character across two chunks is joined by the decoder). */
    push: (chunk: Uint8Array) => {
      if (failed) return;
      parser.write(decoder.decode(chunk, { stream: true }));
    },
    /** The end of the file: an export cut short (or not XML at all) is refused, nothing of it kept. */
    end: (): { workouts: FileWorkout[]; steps: StepDay[] } => {
      if (!failed) {
        parser.write(decoder.decode());
        closing = true;
        parser.close();
      }
      if (!sawRoot) throw workoutFileErrors.unsupported(file);
      if (failed) throw failed === 'truncated' ? workoutFileErrors.truncated(file) : workoutFileErrors.damaged(file);
      const days: StepDay[] = [...steps].map(([key, count]) => {
        const [day, origin] = key.split('\u0000') as [string, string];
        return { day, origin, steps: Math.round(count) };
      });
      return { workouts, steps: days };
    },
  };
};
