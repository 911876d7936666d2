import type { Db } from '../../db/client';
import { competitionYearLabel, currentCompetitionYear } from '@/domain/competition';
import type { ScoringRules } from '@/domain/scoring-rules';
import { scoringRepo } from './repo';
import { describeChange } from './rules-sync';

/**
 * `npm run scores:rebuild`: stores the configured values from the current competition year on when
 * they differ from those in force (earlier years keep theirs: docs/product-rules.md#scoring), then
 * rebuilds every score row from the source rows, one competition year per transaction (readers see
 * a year's old scores until it is done). Reports progress through `log`; returns the summary.
 */
export const rebuildEveryYear = async (db: Db, configured: ScoringRules, now: Date, log: (line: string) => void) => {
  const repo = scoringRepo(db);
  const current = currentCompetitionYear(now);
  const inForce = await repo.rulesInForce(current);
  const changes = inForce ? describeChange(inForce, configured) : ['no values stored'];
  if (changes.length) {
    await repo.storeRules(current, configured, now);
    log(`scoring values stored from competition year ${competitionYearLabel(current)} (${changes.join(', ')})`);
  }
  const first = (await repo.firstYearWithRows()) ?? current;
  const began = Date.now();
  let rows = 0;
  for (let year = first; year <= current; year += 1) {
    const yearBegan = Date.now();
    const written = await db.transaction((tx) => scoringRepo(tx).rebuildScores(year, year));
    rows += written;
    log(`competition year ${competitionYearLabel(year)}: ${written} employees scored in ${Date.now() - yearBegan} ms`);
  }
  const summary = { years: current - first + 1, rows, ms: Date.now() - began };
  log(`rebuilt ${summary.years} competition year(s), ${summary.rows} score rows, in ${summary.ms} ms`);
  return summary;
};
