import type { DbOrTx } from '../../db/client';
import { activityRepo } from '../activity/repo';
import { isImportableDay } from './import-plan';

/** A day of at least this many steps earns its step achievement (docs/product-rules.md#scoring). */
export const DAILY_STEP_GOAL = 10_000;

/** One local day's step count as a source reported it (the phone's own day). */
export type StepDay = { day: string; steps: number };

export type StepOutcome = {
  /** Days that reached the goal and were ticked now. */
  ticked: string[];
  /** Days that reached the goal and were already ticked (by hand or an earlier import). */
  alreadyTicked: string[];
  /** Days that reached the goal outside the editable days (docs/product-rules.md#editing-window). */
  closed: string[];
};

/**
 * Imported step counts tick the day's step achievement as the employee's own tick would, on the
 * days an imported workout may land on (import-plan.ts isImportableDay: the editable days, and a
 * local day already begun east of UTC). Only ever adds: a lower count later, or a day under the
 * goal, removes nothing (the tick may be the employee's own). The caller holds the employee's write
 * lock and rescores `ticked`.
 */
export const tickImportedSteps = async (tx: DbOrTx, userId: number, days: StepDay[], now: Date): Promise<StepOutcome> => {
  const outcome: StepOutcome = { ticked: [], alreadyTicked: [], closed: [] };
  const reached = [...new Set(days.filter((entry) => entry.steps >= DAILY_STEP_GOAL).map((entry) => entry.day))].sort();
  for (const day of reached) {
    if (!isImportableDay(day, now)) {
      outcome.closed.push(day);
      continue;
    }
    const { created } = await activityRepo(tx).upsertStepAchievement(userId, day);
    (created ? outcome.ticked : outcome.alreadyTicked).push(day);
  }
  return outcome;
};
