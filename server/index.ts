import { ConfigError, dataDirFromEnv, loadConfig } from './config';
import { DataDirError, lockDataDir, prepareDataDir } from './db/data-dir';
import { openAtStart } from './db/open-at-start';
import { makePrivate, privateUmask } from './db/private-files';
import { startupPhases } from './startup-phases';

/**
 * The server's entry: it imports only what opens the database, and starts opening it (PGlite
 * compiles its WebAssembly on background threads) before loading the HTTP app and the job engine,
 * which load meanwhile (serve.ts). Loaded first, those modules held the database back by ~0.3 s.
 */
const main = async () => {
  const startup = startupPhases();
  startup.mark('entry loaded');
  privateUmask();
  prepareDataDir(dataDirFromEnv()); // before loadConfig writes generated secrets there
  // DATA_DIR holds password hashes (the database), secrets, photos and mails: private to this user.
  makePrivate(dataDirFromEnv(), 'DATA_DIR');
  const config = loadConfig();
  if (config.backup.dir) makePrivate(config.backup.dir, 'BACKUP_DIR');
  // One process per embedded database; PostgreSQL takes any number of API processes.
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir, config.port, (message) => console.warn(message));
  process.on('exit', releaseLock);
  const [database, { serve }] = await Promise.all([
    openAtStart(config, startup.mark),
    import('./serve').then((loaded) => {
      startup.mark('app modules loaded');
      return loaded;
    }),
  ]);
  // PGlite created and opened its files with mode 0666 (in a child process too): private again.
  makePrivate(config.dataDir, 'DATA_DIR');
  await serve({ config, database, releaseLock, startup });
};

main().catch((error: unknown) => {
  // Start-up problems an operator can fix are one sentence, not a stack trace.
  if (error instanceof DataDirError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
