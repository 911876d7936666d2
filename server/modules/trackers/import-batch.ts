import type { DbOrTx } from '../../db/client';
import type { ProviderActivity } from '../../trackers/providers/types';
import { planImport, twinWindow, type ImportPlan } from './import-plan';
import { writeImportPlan } from './import-writes';
import { trackersRepo, type OrphanedTwin, type Source } from './repo';

export type ImportBatch = {
  userId: number;
  source: Source;
  activities: ProviderActivity[];
  now: Date;
  /** The listing read everything since `from`: rows it no longer lists were deleted at the provider. */
  window?: { from: Date; stillListed: Set<string> };
  /**
   * A source that several apps push to (the phone): a new record that is the same workout as a row of
   * the same source under another id (two apps sending one workout) is a second record of that row.
   */
  sameSourceTwins?: boolean;
};

export type ImportOutcome = {
  added: number;
  updated: number;
  removed: number;
  /** New records that were the same workout as a row another source (or id) already brought. */
  duplicates: number;
  /** The days whose rows changed: the caller rescores them (with anything else it wrote). */
  days: string[];
  /** Other sources' records kept only as second sources of rows deleted here: they count again. */
  orphans: OrphanedTwin[];
};

/**
 * What a batch changes, decided by `planImport` (duplicates across sources, editable days, the minute
 * rule) against the user's rows as `handle` reads them: the writer's transaction at import, or the
 * database for a preview (a file import shows its plan before anything is written).
 */
export const planBatch = async (handle: DbOrTx, batch: ImportBatch): Promise<ImportPlan> => {
  const { userId, source, activities, now, window } = batch;
  const repo = trackersRepo(handle);
  const ids = activities.map((activity) => activity.externalId);
  const twins = twinWindow(activities);
  return planImport(activities, {
    userId,
    source,
    now,
    existing: await repo.importedByExternalId(userId, source, ids),
    knownDuplicates: await repo.knownDuplicates(userId, source, ids),
    others: twins ? await repo.otherProviderRows(userId, source, twins.from, twins.to, batch.sameSourceTwins ? ids : undefined) : [],
    window: window ? { rows: await repo.importedSince(userId, source, window.from), stillListed: window.stillListed } : undefined,
  });
};

/**
 * The one import path of every source (docs/trackers.md): applies a batch of records to the user's
 * activities inside the caller's transaction, which holds the employee's write lock
 * (`writeForUser`): planned by `planBatch`, written by `writeImportPlan` (import-writes.ts, which a
 * file import also uses after its preview); the caller rescores `days` in the same transaction.
 */
export const importBatch = async (tx: DbOrTx, batch: ImportBatch): Promise<ImportOutcome> => {
  const plan = await planBatch(tx, batch);
  const written = await writeImportPlan(tx, batch.userId, batch.source, plan, batch.now);
  return { ...written, updated: plan.updates.length, duplicates: plan.duplicates.length };
};
