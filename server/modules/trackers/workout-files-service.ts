import type { ImportSource } from '@/contract/import-sources';
import type { PreviewWorkout, WorkoutFilesImported, WorkoutFilesPreview } from '@/contract/workout-files';
import { isEditableDay } from '@/domain/competition';
import { badRequest } from '@/domain/errors';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import { workoutFileErrors } from '@/domain/workout-file-errors';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeForUser } from '../../db/user-write-lock';
import { FormLimitError, type FormReader } from '../../http/host';
import { assertUnderRateLimit, consumeRateLimit } from '../../http/rate-limit';
import { nextTurn } from '../../next-turn';
import { localDayOf } from '../../trackers/files/local-day';
import type { UploadLimits } from '../../trackers/files/read-upload';
import type { FileWorkout, StepDay } from '../../trackers/files/types';
import type { ProviderActivity } from '../../trackers/providers/types';
import { activityRepo } from '../activity/repo';
import { scoringService } from '../scoring/service';
import { planBatch } from './import-batch';
import { isSameWorkout, type ImportPlan } from './import-plan';
import { openTicket, sealTicket, type TicketWorkout } from './import-ticket';
import { writeImportPlan } from './import-writes';
import { minutesOf } from './minutes';
import { skipReasonText, stepSkipText, UNUSED_IN_UPLOAD } from './workout-file-texts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** A day of at least this many steps ticks the day's step achievement (docs/product-rules.md "Trackers"). */
export const STEP_GOAL = 10_000;
/** Files in one upload (a ZIP counts as one). */
const MAX_UPLOADED_FILES = 1000;
/** Workouts outside the editable days listed one by one (newest first); the rest are counted. */
const OUTSIDE_LISTED = 100;

const limitsOf = (config: Deps['config']): UploadLimits => ({
  maxUploadBytes: config.workoutFiles.maxUploadBytes,
  maxUnpackedBytes: config.workoutFiles.maxUnpackedBytes,
  maxFileBytes: 64_000_000,
  maxEntries: 50_000,
  maxWorkouts: 20_000,
  maxRatio: 100,
  ratioAfterBytes: 16_000_000,
});

/** A file's workout in the shape every import plans with: its start (to the second) is its id within its source. */
type Read = FileWorkout & { day: string; externalId: string; inUploadTwice: boolean };
const toActivity = (workout: Read): ProviderActivity => ({
  externalId: workout.externalId,
  name: workout.name ?? 'Other',
  seconds: workout.seconds ?? 0,
  startAt: workout.startAt,
  localDay: workout.day,
  isPrivate: false,
  updatedAt: null,
});

/**
 * Marks the workouts an upload holds twice (one workout as FIT and GPX, or in two exports): the
 * first of them counts, by the same rule as across providers (start within 5 minutes, similar minutes).
 */
const markTwinsInUpload = (workouts: Read[]) => {
  const kept: Read[] = [];
  for (const workout of [...workouts].sort((a, b) => a.startAt.getTime() - b.startAt.getTime())) {
    const minutes = minutesOf(workout.seconds ?? 0);
    if (workout.name === null || minutes === null) continue;
    const twin = kept.find((other) =>
      isSameWorkout(
        { startAt: other.startAt, movingTime: minutesOf(other.seconds ?? 0)! },
        { startAt: workout.startAt, movingTime: minutes },
      ),
    );
    if (twin) workout.inUploadTwice = true;
    else kept.push(workout);
  }
};

/** The steps of a day: the largest count of one device or app (the phone and the watch count the same steps). */
const dailySteps = (samples: StepDay[]) => {
  const days = new Map<string, number>();
  for (const sample of samples) days.set(sample.day, Math.max(days.get(sample.day) ?? 0, sample.steps));
  return days;
};

const formLimitRefusal = (error: FormLimitError, maxUploadBytes: number) => {
  if (error.limit === 'file-size') return workoutFileErrors.uploadTooLarge(Math.floor(maxUploadBytes / 1_000_000));
  if (error.limit === 'files') return workoutFileErrors.tooManyFiles(MAX_UPLOADED_FILES);
  if (error.limit === 'fields') return badRequest('The form has too many fields');
  return badRequest('The form data is not valid');
};

/**
 * 'Import workout files' (docs/trackers.md "File imports"): the preview reads an upload as it
 * arrives and plans it against what the employee has (the same planImport as every provider sync,
 * so duplicates across Strava, Fitbit, Polar, Apple Health and earlier files count once) without
 * writing; the import writes what its sealed ticket holds in one transaction, planned again then.
 */
export const workoutFilesService = ({ db, clock, config }: Deps) => {
  const scoring = scoringService();
  const key = config.tokenEncryptionKey;

  /** The plan of each source's workouts against the database as it is now (read on `handle`: the writer's transaction at import). */
  const planSources = async (handle: DbOrTx, userId: number, bySource: Map<ImportSource, ProviderActivity[]>, now: Date) => {
    const plans = new Map<ImportSource, ImportPlan>();
    for (const [source, activities] of bySource) {
      // Every other imported row is a candidate twin, this source's own included (an earlier file's workout).
      const plan = await planBatch(handle, { userId, source, activities, now, sameSourceTwins: true });
      // A later file never deletes what an earlier one brought: the employee deletes it on the calendar.
      plans.set(source, { ...plan, deletes: [] });
    }
    return plans;
  };

  const readForm = async (form: FormReader) => {
    const limits = limitsOf(config);
    // The file readers (FIT SDK, XML parsers, unzip) load with the first upload, not at every start (~0.15 s).
    const { uploadReader } = await import('../../trackers/files/read-upload');
    const reader = uploadReader(limits, () => new Promise<void>((resolve) => nextTurn(resolve)));
    let timeZone: string | null = null;
    let files = 0;
    try {
      for await (const part of form.parts({ files: MAX_UPLOADED_FILES, fileSize: limits.maxUploadBytes })) {
        if (part.type === 'field') {
          if (part.name === 'timeZone') timeZone = part.value.slice(0, 64);
          continue;
        }
        if (part.name !== 'files') {
          part.discard();
          throw badRequest(`Unexpected file field "${part.name}": only "files" is accepted`);
        }
        files += 1;
        await reader.read(part.filename, part.stream());
      }
    } catch (error) {
      throw error instanceof FormLimitError ? formLimitRefusal(error, limits.maxUploadBytes) : error;
    }
    if (files === 0) throw workoutFileErrors.nothingChosen();
    return { reading: reader.result(), timeZone };
  };

  return {
    /** Reads the upload and says, per workout and step day, what importing it would do. Writes nothing (but the rate-limit count). */
    preview: async (userId: number, form: FormReader | null): Promise<WorkoutFilesPreview> => {
      const now = clock.now();
      await assertUnderRateLimit(db, rateLimitRules.workoutFilePreviewsPerAccount, String(userId), now);
      if (!form) throw workoutFileErrors.nothingChosen();
      await consumeRateLimit(db, rateLimitRules.workoutFilePreviewsPerAccount, String(userId), now);
      const { reading, timeZone } = await readForm(form);

      const seenIds = new Set<string>();
      const workouts: Read[] = reading.workouts.map((workout) => {
        const externalId = new Date(Math.floor(workout.startAt.getTime() / 1000) * 1000).toISOString();
        const id = `${workout.source}:${externalId}`;
        const inUploadTwice = seenIds.has(id);
        seenIds.add(id);
        return { ...workout, day: localDayOf(workout.startAt, workout.offsetMinutes, timeZone), externalId, inUploadTwice };
      });
      markTwinsInUpload(workouts.filter((workout) => !workout.inUploadTwice));

      const bySource = new Map<ImportSource, ProviderActivity[]>();
      for (const workout of workouts) {
        if (workout.name === null || workout.inUploadTwice) continue;
        bySource.set(workout.source, [...(bySource.get(workout.source) ?? []), toActivity(workout)]);
      }
      const plans = await planSources(db, userId, bySource, now);

      // What each source's plan does with each workout, by id (an upload may hold 20,000).
      const outcomes = new Map<string, { writes: boolean; alsoRecorded: boolean; skipped: ImportPlan['skipped'][number] | null }>();
      for (const [source, plan] of plans) {
        const key = (id: string) => `${source}:${id}`;
        for (const insert of plan.inserts) outcomes.set(key(insert.externalId), { writes: true, alsoRecorded: false, skipped: null });
        for (const update of plan.updates)
          outcomes.set(key(new Date(Math.floor(update.row.startAt.getTime() / 1000) * 1000).toISOString()), {
            writes: true,
            alsoRecorded: false,
            skipped: null,
          });
        const twins = new Set(plan.duplicates.map((duplicate) => duplicate.externalId));
        for (const skipped of plan.skipped)
          outcomes.set(key(skipped.externalId), { writes: false, alsoRecorded: twins.has(skipped.externalId), skipped });
      }
      const ticketWorkouts: TicketWorkout[] = [];
      let toImport = 0;
      const rows: PreviewWorkout[] = workouts.map((workout) => {
        const minutes = workout.seconds === null ? null : Math.min(1440, Math.round(workout.seconds / 60));
        const row = {
          file: workout.file,
          day: workout.day,
          start: workout.startAt.toISOString(),
          type: workout.name ?? 'Not a workout',
          minutes,
          source: workout.source,
        };
        if (workout.name === null) return { ...row, skipped: skipReasonText({ reason: 'not_a_workout' }) };
        if (workout.inUploadTwice) return { ...row, skipped: UNUSED_IN_UPLOAD };
        const outcome = outcomes.get(`${workout.source}:${workout.externalId}`);
        const ticketRow: TicketWorkout = [workout.source, workout.startAt.getTime(), workout.name, workout.seconds ?? 0, workout.day];
        if (outcome?.writes) {
          toImport += 1;
          ticketWorkouts.push(ticketRow);
          return { ...row, skipped: null };
        }
        // Kept as a second source of the workout already here: written at import, not counted again.
        if (outcome?.alsoRecorded) ticketWorkouts.push(ticketRow);
        const skipped = outcome?.skipped;
        // No outcome at all: this source brought it before and nothing changed.
        return {
          ...row,
          skipped: skipReasonText(
            skipped
              ? { reason: skipped.reason, twinSource: skipped.twinSource, seconds: workout.seconds }
              : { reason: 'already_imported', source: workout.source },
          ),
        };
      });
      rows.sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
      const outsideWindow = skipReasonText({ reason: 'outside_window' });
      let outside = 0;
      const listed = rows.filter((row) => row.skipped !== outsideWindow || ++outside <= OUTSIDE_LISTED);

      const steps = dailySteps(reading.steps);
      const goalDays = [...steps].filter(([, count]) => count >= STEP_GOAL).sort(([a], [b]) => (a < b ? 1 : -1));
      const editable = goalDays.filter(([day]) => isEditableDay(day, now));
      const ticked = await activityRepo(db).stepAchievementDays(
        userId,
        editable.map(([day]) => day),
      );
      const stepRows = editable.map(([day, count]) => ({
        day,
        steps: count,
        skipped: ticked.has(day) ? stepSkipText.alreadyTicked : null,
      }));
      const stepDays = stepRows.filter((row) => row.skipped === null).map((row) => row.day);

      const nothing = ticketWorkouts.length === 0 && stepDays.length === 0;
      return {
        workouts: listed,
        notListed: rows.length - listed.length,
        steps: stepRows,
        stepDaysOutside: goalDays.length - editable.length,
        unusedFiles: reading.unused,
        unusedCount: reading.unusedCount,
        toImport: { workouts: toImport, stepDays: stepDays.length },
        ticket: nothing ? null : sealTicket(key, userId, now, { workouts: ticketWorkouts, stepDays }),
      };
    },

    /**
     * Imports what the preview's ticket holds, planned again against the database of now (under the
     * employee's write lock, in one transaction): what arrived meanwhile from a provider or another
     * upload counts once, and the same ticket (or the same files) twice adds nothing.
     */
    import: async (userId: number, ticket: string): Promise<WorkoutFilesImported> => {
      const now = clock.now();
      const contents = openTicket(key, userId, now, ticket);
      const bySource = new Map<ImportSource, ProviderActivity[]>();
      for (const [source, startMs, name, seconds, day] of contents.workouts) {
        const startAt = new Date(startMs);
        const activity = {
          externalId: new Date(Math.floor(startMs / 1000) * 1000).toISOString(),
          name,
          seconds,
          startAt,
          localDay: day,
          isPrivate: false,
          updatedAt: null,
        };
        bySource.set(source, [...(bySource.get(source) ?? []), activity]);
      }
      return writeForUser(db, userId, async (tx) => {
        const plans = await planSources(tx, userId, bySource, now);
        const outcome = { imported: 0, updated: 0, alsoRecorded: 0, stepDays: 0 };
        const days: string[] = [];
        for (const [source, plan] of plans) {
          const written = await writeImportPlan(tx, userId, source, plan, now);
          outcome.imported += written.added;
          outcome.updated += plan.updates.length;
          outcome.alsoRecorded += plan.duplicates.length;
          days.push(...written.days);
        }
        // The same window as a manual tick (docs/product-rules.md "Editing window"), decided again now.
        for (const day of contents.stepDays) {
          if (!isEditableDay(day, now)) continue;
          const { created } = await activityRepo(tx).upsertStepAchievement(userId, day);
          if (!created) continue;
          outcome.stepDays += 1;
          days.push(day);
        }
        await scoring.rescoreDays(tx, userId, days);
        return outcome;
      });
    },
  };
};

export type WorkoutFilesService = ReturnType<typeof workoutFilesService>;
