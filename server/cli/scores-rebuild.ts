import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { systemClock } from '@/domain/clock';
import { rebuildEveryYear } from '../modules/scoring/rebuild-command';

/** `npm run scores:rebuild` (modules/scoring/rebuild-command.ts). On the embedded database, stop the app first: one process per DATA_DIR. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
try {
  await database.migrate();
  await rebuildEveryYear(database.db, config.scoring, systemClock.now(), (line) => console.info(line));
} finally {
  await database.close();
}
