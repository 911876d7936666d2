import type { DbOrTx } from '../../db/client';
import type { ImportPlan } from './import-plan';
import { trackersRepo, type OrphanedTwin, type Source } from './repo';

/**
 * Writes what planImport decided, inside the caller's transaction (which holds the employee's write
 * lock): the one write path of every import, a provider's sync and a file alike. Returns what
 * changed and the days to rescore; the caller rescores them in the same transaction.
 */
export const writeImportPlan = async (tx: DbOrTx, userId: number, source: Source, plan: ImportPlan, now: Date): Promise<{ added: number; removed: number; orphans: OrphanedTwin[]; days: string[] }> => {
  const repo = trackersRepo(tx);
  const inserted = await repo.insertImports(plan.inserts);
  for (const update of plan.updates) await repo.updateImport(update.id, update.row, now);
  const orphans = await repo.deleteImports(plan.deletes.map((row) => row.id));
  await repo.recordDuplicates(plan.duplicates.map((row) => ({ userId, source, ...row })));
  const days = [...inserted.map((row) => row.startDate), ...plan.updates.flatMap((row) => [row.oldDay, row.row.startDate]), ...plan.deletes.map((row) => row.day)];
  return { added: inserted.length, removed: plan.deletes.length, orphans, days };
};
