import { isEditableDay, toIsoDay } from '@/domain/competition';
import { minutesOf } from './minutes';
import type { ProviderActivity } from '../../trackers/providers/types';
import type { ImportedRow, NewImport, Source } from './repo';

/** Two providers' records are one workout when they start this close... */
const SAME_START_MS = 5 * 60_000;
/** ...and their minutes differ by at most this share of the longer one (or 5 minutes). */
const SIMILAR_DURATION_SHARE = 0.2;
/** Clocks differ a little: a start this far ahead of ours is still accepted. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** A local day can be up to 14 hours ahead of UTC (UTC+14): such a day is not "in the future". */
const MAX_AHEAD_MS = 14 * 60 * 60_000;

/** Editable days (docs/product-rules.md "Editable days"), allowing for a local day already begun east of UTC. */
export const isImportableDay = (day: string, now: Date) =>
  isEditableDay(day, now) || (day > toIsoDay(now) && day <= toIsoDay(new Date(now.getTime() + MAX_AHEAD_MS)) && isEditableDay(toIsoDay(now), now));

export const isSameWorkout = (a: { startAt: Date; movingTime: number }, b: { startAt: Date; movingTime: number }) => {
  if (Math.abs(a.startAt.getTime() - b.startAt.getTime()) > SAME_START_MS) return false;
  const longer = Math.max(a.movingTime, b.movingTime);
  return Math.abs(a.movingTime - b.movingTime) <= Math.max(5, longer * SIMILAR_DURATION_SHARE);
};

/**
 * Why a new record is not imported: under a minute, a start in the future, a day that can no
 * longer be changed, or the same workout already here from another source (`twinSource`: that
 * source, when known). A file import's preview says so per workout.
 */
export type SkipReason = 'too_short' | 'future' | 'outside_window' | 'duplicate';

export type ImportPlan = {
  inserts: NewImport[];
  updates: { id: number; row: Omit<NewImport, 'userId' | 'source' | 'externalId'>; oldDay: string }[];
  deletes: { id: number; day: string }[];
  duplicates: { externalId: string; activityId: number }[];
  skipped: { externalId: string; reason: SkipReason; twinSource: Source | null }[];
};

type Context = {
  userId: number;
  source: Source;
  now: Date;
  existing: ImportedRow[];
  /** Records of this source already kept as a second source of another row (with that row's source, when known). */
  knownDuplicates: ReadonlySet<string> | ReadonlyMap<string, Source>;
  /** The other providers' rows near these starts (a file import: every other imported row, its own source's included). */
  others: { id: number; startAt: Date; movingTime: number; source?: Source }[];
  /**
   * Rows this provider brought earlier inside a window the listing read completely, and the ids it
   * still knows (read or skipped): a row it no longer lists was deleted there, and goes here too.
   */
  window?: { rows: ImportedRow[]; stillListed: Set<string> };
};

/**
 * What a batch of provider records changes here, decided without the database: new workouts are
 * inserted (unless the other provider already brought the same one: then it is recorded as a
 * second source), changed ones updated, ones now under a minute deleted. Closed days stay as they
 * are (docs/product-rules.md "Editable days"), except that a record moving out of a closed day is left alone too.
 */
export const planImport = (activities: ProviderActivity[], context: Context): ImportPlan => {
  const plan: ImportPlan = { inserts: [], updates: [], deletes: [], duplicates: [], skipped: [] };
  const skip = (externalId: string, reason: SkipReason, twinSource: Source | null = null) => plan.skipped.push({ externalId, reason, twinSource });
  const existing = new Map(context.existing.map((row) => [row.externalId, row]));
  const seen = new Set<string>();
  for (const activity of activities) {
    if (seen.has(activity.externalId)) continue;
    seen.add(activity.externalId);
    const minutes = minutesOf(activity.seconds);
    const old = existing.get(activity.externalId);
    if (old) {
      if (!isImportableDay(old.startDate, context.now)) continue;
      if (minutes === null || !isImportableDay(activity.localDay, context.now)) {
        plan.deletes.push({ id: old.id, day: old.startDate });
        continue;
      }
      const row = { name: activity.name, movingTime: minutes, startAt: activity.startAt, startDate: activity.localDay, isPrivate: activity.isPrivate, externalUpdatedAt: activity.updatedAt };
      const unchanged =
        old.name === row.name && old.movingTime === row.movingTime && old.startAt.getTime() === row.startAt.getTime() && old.startDate === row.startDate && old.isPrivate === row.isPrivate;
      if (!unchanged) plan.updates.push({ id: old.id, row, oldDay: old.startDate });
      continue;
    }
    // A workout cannot start in the future: such a record is a clock error at the provider.
    const future = activity.startAt.getTime() > context.now.getTime() + CLOCK_SKEW_MS;
    if (minutes === null) {
      skip(activity.externalId, 'too_short');
      continue;
    }
    const reason = future ? 'future' : !isImportableDay(activity.localDay, context.now) ? 'outside_window' : context.knownDuplicates.has(activity.externalId) ? 'duplicate' : null;
    if (reason) {
      const kept = reason === 'duplicate' && context.knownDuplicates instanceof Map ? context.knownDuplicates.get(activity.externalId) : undefined;
      skip(activity.externalId, reason, kept ?? null);
      continue;
    }
    const candidate = { startAt: activity.startAt, movingTime: minutes };
    const twin = context.others.find((other) => isSameWorkout(other, candidate));
    if (twin) {
      plan.duplicates.push({ externalId: activity.externalId, activityId: twin.id });
      skip(activity.externalId, 'duplicate', twin.source ?? null);
      continue;
    }
    plan.inserts.push({
      userId: context.userId,
      source: context.source,
      externalId: activity.externalId,
      name: activity.name,
      movingTime: minutes,
      startAt: activity.startAt,
      startDate: activity.localDay,
      isPrivate: activity.isPrivate,
      externalUpdatedAt: activity.updatedAt,
    });
  }
  for (const row of context.window?.rows ?? []) {
    if (context.window!.stillListed.has(row.externalId) || !isImportableDay(row.startDate, context.now)) continue;
    plan.deletes.push({ id: row.id, day: row.startDate });
  }
  return plan;
};

/**
 * Where the other provider's list must be read again from when rows starting at `starts` were
 * deleted here while its records of the same workouts were kept only as their second source: a
 * second past the earliest start such a twin can have (Strava's `after` is exclusive).
 */
export const twinsReadFrom = (starts: Date[]) => new Date(Math.min(...starts.map((start) => start.getTime())) - SAME_START_MS - 1000);

/** The window of starts to look for the other provider's twins in. */
export const twinWindow = (activities: ProviderActivity[]) => {
  if (activities.length === 0) return null;
  const times = activities.map((activity) => activity.startAt.getTime());
  return { from: new Date(Math.min(...times) - SAME_START_MS), to: new Date(Math.max(...times) + SAME_START_MS) };
};
