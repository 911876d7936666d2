import { bootstrapAdmin } from './modules/auth/bootstrap-admin';
import { pruneRateLimits } from './http/rate-limit';
import type { AppConfig } from './config';
import { inArray } from 'drizzle-orm';
import { users } from './db/schema';
import { diskPhotoStore, sweepOrphanPhotos } from './photos/disk-photo-store';
import { argon2Passwords } from './passwords/argon2';
import { promServiceMetrics } from './metrics/shared-metrics';
import { pruneIdempotencyKeys } from './http/idempotency';
import { canWrite } from './db/data-dir';
import type { Database } from './db/client';
import type { StartupPhases } from './startup-phases';
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
import { requestLogOptions } from './http/request-log';
import { endPasswordSessions } from './modules/auth/password-sessions-repo';
import { buildApp } from './app';

/** Stop within this long: in-flight requests finish, idle keep-alive sockets close, the database closes. */
const SHUTDOWN_DEADLINE_MS = 5000;

type Started = { config: AppConfig; database: Database; releaseLock: () => void; startup: StartupPhases };

/** Everything after the database is open and migrated (index.ts): the app, the job engine, housekeeping. */
export const serve = async ({ config, database, releaseLock, startup }: Started) => {
  // Jobs live in the same database (schema pgboss): every API process on a PostgreSQL shares them.
  const jobs = createPgBossQueue(appJobs, { db: database, log: () => app.log, ...jobSettingsFromEnv() });

  // Requests are read as soon as the server listens, and answered once the job engine has started.
  let engineStarted!: () => void;
  const servingAfter = new Promise<void>((resolve) => (engineStarted = resolve));

  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    config,
    mailer: { send: (message) => mailer.send(message), forget: (email) => mailer.forget?.(email) ?? Promise.resolve() },
    trackers: createTrackers(config, database.db, systemClock),
    jobs,
    passwords: argon2Passwords,
    photos: diskPhotoStore(config.dataDir),
    metrics: promServiceMetrics,
    poolUsage: database.poolUsage,
    // Ready means the database answers and DATA_DIR still takes writes (a full disk is not ready).
    ping: async () => {
      await database.ping();
      if (!canWrite(config.dataDir)) throw new Error(`DATA_DIR ${config.dataDir} cannot be written`);
    },
    logger: requestLogOptions(config.logLevel),
    servingAfter,
  });
  const mailer = createMailer(config, { info: (object, message) => app.log.info(object, message) });

  // Backups through this process's connection: scheduled ones, and `npm run backup` asking by signal.
  registerScheduledBackups(jobs, { database, config, clock: systemClock, log: { info: (message) => app.log.info(message) } });
  serveBackupRequests(config.dataDir, (file) => writeBackup(database, config.dataDir, file), app.log);

  startup.mark('app built');

  await bootstrapAdmin(database.db, config, systemClock.now(), { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });
  if (!config.passwordSignin) {
    const ended = await endPasswordSessions(database.db, systemClock.now());
    if (ended) app.log.info(`PASSWORD_SIGNIN=false: ended ${ended} sign-in(s) made with a password`);
  }
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
  startup.mark('listening');
  app.log.info({ startup: startup.phases() }, `listening ${Math.round(process.uptime() * 1000)} ms after the process started`);

  // The job engine starts in the same tick as listening ends; requests read meanwhile (its statements
  // let the event loop read them, pg-boss-queue.ts) wait for it (servingAfter), /api/ready too. A
  // queue that cannot start ends the process. Then the work that may wait until requests are served
  // (on PGlite it shares the one connection and thread with them).
  try {
    await jobs.start();
    engineStarted();
    const afterStart = [
      // Changed scoring values: the rescoring runs in the background either way.
      () => checkScoringAtStart({ db: database.db, clock: systemClock, config, jobs }, app.log),
      () => sweepPhotos().catch((error: unknown) => app.log.warn({ err: error }, 'photo sweep failed')),
      () => scheduleTrackerSync(jobs, config.trackerSyncEveryMinutes),
      () => scheduleBackups(jobs, config.backup),
      () => schedulePrivacyPurge(jobs),
    ];
    for (const step of afterStart) {
      if (stopping) return;
      await step();
    }
  } catch (error) {
    // A SIGTERM right after ready stops the engine and closes the database under these steps: the
    // stop, not their failure, decides the exit code (index.ts exits 1 on a failed start).
    if (stopping) return;
    throw error;
  }
};
