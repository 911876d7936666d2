import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the PGlite in DATA_DIR. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
try {
  await database.migrate();
  console.info(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
