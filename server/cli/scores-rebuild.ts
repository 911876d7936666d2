import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { competitionYearLabel, currentCompetitionYear } from '@/domain/competition';
import { systemClock } from '@/domain/clock';
import { scoringRepo } from '../modules/scoring/repo';
import { describeChange } from '../modules/scoring/rules-sync';

/**
 * `npm run scores:rebuild`: rebuilds every score row from the source rows, one competition year at a
 * time (each in its own transaction: readers see the old scores of a year until it is done), after
 * storing the configured scoring values for the current competition year when they differ (earlier
 * years keep the values they were scored with: docs/product-rules.md#scoring). Safe while the app
 * runs; on the embedded database stop the app first (one process per DATA_DIR).
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
try {
  await database.migrate();
  const now = systemClock.now();
  const current = currentCompetitionYear(now);
  const repo = scoringRepo(database.db);
  const inForce = await repo.rulesInForce(current);
  const changes = inForce ? describeChange(inForce, config.scoring) : [];
  if (!inForce || changes.length) {
    await repo.storeRules(current, config.scoring, now);
    console.info(`scoring values stored from competition year ${current}${changes.length ? ` (${changes.join(', ')})` : ''}`);
  }
  const first = (await repo.firstYearWithRows()) ?? current;
  const began = Date.now();
  let total = 0;
  for (let year = first; year <= current; year += 1) {
    const yearBegan = Date.now();
    const written = await database.db.transaction((tx) => scoringRepo(tx).rebuildScores(year, year));
    total += written;
    console.info(`competition year ${competitionYearLabel(year)}: ${written} employees scored in ${Date.now() - yearBegan} ms`);
  }
  console.info(`rebuilt ${current - first + 1} competition year(s), ${total} score rows, in ${Date.now() - began} ms`);
} finally {
  await database.close();
}
