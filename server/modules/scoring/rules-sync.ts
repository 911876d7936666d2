import type { Db } from '../../db/client';
import { currentCompetitionYear } from '@/domain/competition';
import type { ScoringRules } from '@/domain/scoring-rules';
import { scoringRepo } from './repo';

/**
 * The scoring values a database is scored with are stored in it (scoring_rules), so a change of the
 * configured values is seen and applied, not silently mixed with old scores. A change applies from
 * the current competition year on: closed years keep the values their results were announced with
 * (docs/product-rules.md#scoring).
 */

const FIELDS = ['pointsPerMinute', 'dailySteps', 'event', 'eventTopThree', 'quarterlyBonus', 'dailyMinutesCap'] as const;

/** `name: old -> new` for each value that differs. */
export const describeChange = (from: ScoringRules, to: ScoringRules) =>
  FIELDS.filter((field) => from[field] !== to[field]).map((field) => `${field}: ${from[field] ?? 'none'} -> ${to[field] ?? 'none'}`);

export type RulesCheck = { kind: 'unchanged' } | { kind: 'changed'; fromYear: number; changes: string[] };

/**
 * At start: values that differ from those in force for the current year (migration 0024 stores the
 * defaults as in force from the first year) are reported, for the rebuild job to store and apply
 * (applyRules). Reads only.
 */
export const checkRules = async (db: Db, configured: ScoringRules, now: Date): Promise<RulesCheck> => {
  const year = currentCompetitionYear(now);
  const inForce = await scoringRepo(db).rulesInForce(year);
  const changes = inForce ? describeChange(inForce, configured) : ['no values stored'];
  return changes.length ? { kind: 'changed', fromYear: year, changes } : { kind: 'unchanged' };
};

/**
 * Stores `rules` from `fromYear` on and rebuilds the scores of those years, in one transaction:
 * readers see the old scores until it commits, writers wait for it (scoring.sql).
 */
export const applyRules = async (db: Db, rules: ScoringRules, fromYear: number, now: Date) =>
  db.transaction(async (tx) => {
    const repo = scoringRepo(tx);
    await repo.storeRules(fromYear, rules, now);
    return repo.rebuildScores(fromYear, currentCompetitionYear(now));
  });
