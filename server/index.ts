import { bootstrapAdmin } from './modules/auth/bootstrap-admin';
import { pruneRateLimits } from './http/rate-limit';
import { ConfigError, dataDirFromEnv, loadConfig } from './config';
import { inArray } from 'drizzle-orm';
import { users } from './db/schema';
import { sweepOrphanPhotos } from './http/photo-storage';
import { pruneIdempotencyKeys } from './http/idempotency';
import { DataDirError, canWrite, lockDataDir, prepareDataDir } from './db/data-dir';
import { openAtStart } from './db/open-at-start';
import { createMailer } from './mail/transport';
import { pruneExpiredAuthRows } from './modules/auth/repo';
import { pruneConfirmationTokens } from './modules/access/repo';
import { createTrackers } from './modules/trackers/create-trackers';
import { scheduleTrackerSync } from './modules/trackers/tasks';
import { schedulePrivacyPurge } from './modules/privacy/export-job';
import { checkScoringAtStart } from './modules/scoring/jobs';
import { appJobs } from './jobs/catalog';
import { createPgBossQueue } from './jobs/pg-boss-queue';
import { jobSettingsFromEnv } from './jobs/settings';
import { systemClock } from '@/domain/clock';
import { writeBackup } from './ops/write-backup';
import { registerScheduledBackups, scheduleBackups } from './ops/scheduled-backups';
import { serveBackupRequests } from './ops/backup-request';
import { signupPolicyLogLine } from './modules/access/signup-policy';

/** Reset links carry their token in the query string; request logs show it as [redacted]. */
const redactUrl = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

/** Stop within this long: in-flight requests finish, idle keep-alive sockets close, the database closes. */
const SHUTDOWN_DEADLINE_MS = 5000;

const main = async () => {
  prepareDataDir(dataDirFromEnv()); // before loadConfig writes generated secrets there
  const config = loadConfig();
  // One process per embedded database; PostgreSQL takes any number of API processes.
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir, config.port, (message) => console.warn(message));
  process.on('exit', releaseLock);
  // The database opens and migrates while the HTTP app's modules load (see open-at-start.ts).
  const [database, { buildApp }] = await Promise.all([openAtStart(config), import('./app')]);

  // Jobs live in the same database (schema pgboss): every API process on a PostgreSQL shares them.
  const jobs = createPgBossQueue(appJobs, { db: database, log: () => app.log, ...jobSettingsFromEnv() });

  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    config,
    mailer: { send: (message) => mailer.send(message) },
    trackers: createTrackers(config, database.db, systemClock),
    jobs,
    poolUsage: database.poolUsage,
    // Ready means the database answers and DATA_DIR still takes writes (a full disk is not ready).
    ping: async () => {
      await database.ping();
      if (!canWrite(config.dataDir)) throw new Error(`DATA_DIR ${config.dataDir} cannot be written`);
    },
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
  });
  const mailer = createMailer(config, { info: (object, message) => app.log.info(object, message) });

  // Backups through this process's connection: scheduled ones, and `npm run backup` asking by signal.
  registerScheduledBackups(jobs, { database, config, clock: systemClock, log: { info: (message) => app.log.info(message) } });
  serveBackupRequests(config.dataDir, (file) => writeBackup(database, config.dataDir, file), app.log);

  // Alongside the rest of start-up, without holding up readiness: a request that sends a job before the
  // queue is up waits for it. A queue that cannot start ends the process (awaited after listen).
  const jobsStarted = jobs.start();
  jobsStarted.catch(() => undefined); // only keeps an early failure from counting as unhandled

  await bootstrapAdmin(database.db, config, systemClock.now(), { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });
  await checkScoringAtStart({ db: database.db, clock: systemClock, config, jobs }, app.log);
  // Who may create an account: said at every start, with the way to change it when nobody chose.
  if (config.signup.fromEnvironment) app.log.info(signupPolicyLogLine(config.signup));
  else app.log.warn(signupPolicyLogLine(config.signup));

  // Photo files nobody refers to (a crash between writing a file and committing its row).
  const referencedPhotos = async (names: string[]) =>
    new Set(names.length ? (await database.db.select({ name: users.profilePicture }).from(users).where(inArray(users.profilePicture, names))).map((row) => row.name ?? '') : []);
  const sweepPhotos = () =>
    sweepOrphanPhotos(config.dataDir, referencedPhotos, systemClock.now()).then((removed) => {
      if (removed.length) app.log.info(`removed ${removed.length} orphaned photo file(s)`);
    });
  await sweepPhotos().catch((error: unknown) => app.log.warn({ err: error }, 'photo sweep failed'));

  // Hourly housekeeping of rows and files nobody can use any more (safe to run in every process).
  const pruning = setInterval(() => {
    const now = systemClock.now();
    Promise.all([pruneRateLimits(database.db, now), pruneExpiredAuthRows(database.db, now), pruneConfirmationTokens(database.db, now), pruneIdempotencyKeys(database.db, now), sweepPhotos()]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'housekeeping failed'),
    );
  }, 60 * 60 * 1000);
  pruning.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    clearInterval(pruning);
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    try {
      const began = Date.now();
      await app.close(); // stops accepting, closes idle keep-alive sockets, waits for in-flight requests
      // Running jobs finish within what is left of the deadline; others wait in the database for the next start.
      await jobs.stop({ timeoutMs: Math.max(500, SHUTDOWN_DEADLINE_MS - 2000 - (Date.now() - began)) });
      app.log.info('job engine stopped');
      await app.afterResponse.idle(); // mails promised in answers already sent
      await database.close();
      app.log.info('database closed');
      releaseLock();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // `npm start` passes SIGTERM on (its script execs node); should the parent still go away without a
  // signal (killed with -9), stop the same way instead of serving on as an orphan.
  const parentAtStart = process.ppid;
  const parentWatch = setInterval(() => {
    if (process.ppid !== parentAtStart) void shutdown('parent process exited');
  }, 250);
  parentWatch.unref();

  await app.listen({ host: config.host, port: config.port });
  await jobsStarted;
  await scheduleTrackerSync(jobs, config.trackerSyncEveryMinutes);
  await scheduleBackups(jobs, config.backup);
  await schedulePrivacyPurge(jobs);
};

main().catch((error: unknown) => {
  // Start-up problems an operator can fix are one sentence, not a stack trace.
  if (error instanceof DataDirError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
