import { buildApp } from './app';
import { bootstrapAdmin } from './auth/bootstrap-admin';
import { pruneRateLimits } from './auth/rate-limit';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createMailer } from './mail/transport';
import { pruneExpiredAuthRows } from './modules/auth/repo';
import { createTrackers } from './trackers/create-trackers';
import { systemClock } from '../src/lib/clock';

/** Reset links carry their token in the query string; request logs show it as [redacted]. */
const redactUrl = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

const main = async () => {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir + '/db' });
  await database.migrate();

  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    config,
    mailer: { send: (message) => mailer.send(message) },
    trackers: createTrackers(config),
    ping: database.ping,
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
  });
  const mailer = createMailer(config, { info: (object, message) => app.log.info(object, message) });

  await bootstrapAdmin(database.db, config, systemClock.now(), { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });

  // Hourly housekeeping of rows nobody can use any more (safe to run in every process).
  const pruning = setInterval(() => {
    const now = systemClock.now();
    Promise.all([pruneRateLimits(database.db, now), pruneExpiredAuthRows(database.db, now)]).catch((error: unknown) =>
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
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
