import { sql } from 'drizzle-orm';
import { defaultScoringRules } from '@/domain/scoring-rules';
import { storeRules } from '../../../server/modules/scoring/repo';
import type { InjectOptions } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { testConfig, type AppConfig } from '../../../server/config';
import pg from 'pg';
import { openPostgres, type Database } from '../../../server/db/client';
import { openMigratedPglite } from '../../support/pglite-template';
import { memoryMailer, type Mailer } from '@/domain/mail';
import type { TrackerProviders } from '../../../server/trackers/providers/types';
import type { Db } from '../../../server/db/client';
import type { Clock } from '@/domain/clock';
import { appJobs, type AppJobQueue, type AppJobs } from '../../../server/jobs/catalog';
import { createPgBossQueue } from '../../../server/jobs/pg-boss-queue';

let shared: Promise<Database> | undefined;
let sharedUrl: string | undefined;

/** Test files run in parallel: each gets its own database on the PostgreSQL cluster. */
export const createScratchDatabase = async (baseUrl: string) => {
  const name = `wc_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * One migrated database per worker, shared by its test files (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set,
 * which CI sets for its `npm test`); tables are emptied before each test by `resetDatabase`.
 */
export const testDatabase = () => {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) sharedUrl = await createScratchDatabase(url);
    if (!sharedUrl) return openMigratedPglite();
    const database = await openPostgres(sharedUrl, 4);
    await database.migrate();
    return database;
  })();
  return shared;
};

/**
 * Another connection to the file's database, as a second API process has: its own pool on
 * PostgreSQL; on PGlite (one connection per process) the same database object.
 */
export const secondConnection = async (): Promise<Database> => {
  const first = await testDatabase();
  return sharedUrl ? openPostgres(sharedUrl, 4) : first;
};

/**
 * One statement that names the tables a test left something in: rows, or an owned sequence that
 * moved (an insert rolled back or deleted again still moves it). Built once per database from its
 * catalogue; the replaceable SQL's record is never emptied (truncating it would not undo what was applied).
 */
const dirtyTablesQueries = new WeakMap<Database, Promise<string>>();
const dirtyTablesQuery = (database: Database) => {
  let query = dirtyTablesQueries.get(database);
  if (!query) {
    query = (async () => {
      const { rows } = await database.executeSql(
        `select t.tablename as name, (select s.relname from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
                                         where s.relkind = 'S' and d.refobjid = format('public.%I', t.tablename)::regclass limit 1) as sequence
           from pg_tables t where t.schemaname = 'public' and t.tablename <> 'replaceable_sql_applied'`,
      );
      const quoted = (name: string) => name.split('.').map((part) => `"${part}"`).join('.');
      return (rows as Array<{ name: string; sequence: string | null }>)
        .map(({ name, sequence }) => `select '${name}' as name where exists (select 1 from ${quoted(name)})${sequence ? ` or (select is_called from "${sequence}")` : ''}`)
        .join(' union all ');
    })();
    dirtyTablesQueries.set(database, query);
  }
  return query;
};

/**
 * Empties what the previous test left, as a truncate of every table would (identities restarted),
 * but only the tables it wrote: a truncate of all 35 cost ~160 ms a test on PGlite, most of a test
 * app's start (docs/testing.md).
 */
export const resetDatabase = async (database: Database) => {
  const { rows } = await database.executeSql(await dirtyTablesQuery(database));
  // Always: the scoring values are put back to a fresh database's (migration 0024), whatever a test stored.
  const tables = [...new Set(['scoring_rules', ...(rows as Array<{ name: string }>).map((row) => row.name)])].map((name) => `"${name}"`).join(', ');
  await database.db.transaction(async (tx) => {
    // The audit trail refuses a truncate unless it is a deliberate maintenance act (migration 0012).
    await tx.execute(sql`select set_config('wellness.audit_maintenance', 'on', true)`);
    await tx.execute(sql.raw(`truncate ${tables} restart identity cascade`));
    await storeRules(tx, 0, defaultScoringRules, new Date());
  });
  // Jobs a previous test left waiting must not reach this test's handlers. The job engine makes its
  // schema when it first starts, so it is looked for each time.
  await database.executeSql(`do $$ begin
      if to_regclass('pgboss.job') is not null then
        if exists (select 1 from pgboss.job) or exists (select 1 from pgboss.archive) or exists (select 1 from pgboss.schedule) then
          truncate pgboss.job, pgboss.archive, pgboss.schedule;
        end if;
      end if;
    end $$`);
};

let fileDatabaseDistrusted = false;

/** A test of this file failed: its body may still be running and writing (tests/support/test-file-boundary.ts). */
export const distrustFileDatabase = () => {
  fileDatabaseDistrusted = true;
};

/**
 * At a file's end, after a failure: the next file opens a fresh database, and the old one is closed,
 * so a body still running there fails at its next query instead of writing on.
 */
export const replaceDistrustedDatabase = async () => {
  if (!fileDatabaseDistrusted || !shared) return;
  fileDatabaseDistrusted = false;
  const old = shared;
  shared = undefined;
  sharedUrl = undefined;
  // Not awaited to the end: a query still in flight must not hold up the next file.
  await Promise.race([old.then((database) => database.close()).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000))]);
};

let previousJobs: AppJobQueue | undefined;

/**
 * Stops the last test app's job queue. A worker's files share the database (isolate: false), so a
 * file's last app must not go on taking the next file's jobs (tests/support/test-file-boundary.ts).
 */
export const stopLastTestAppJobs = async () => {
  await previousJobs?.stop();
  previousJobs = undefined;
};

/** A mutable clock: tests move time with `clock.set(...)`. */
export const movableClock = (iso: string) => {
  let now = new Date(iso);
  const clock: Clock & { set: (next: string) => void; advance: (ms: number) => void } = {
    now: () => new Date(now),
    set: (next) => {
      now = new Date(next);
    },
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
  return clock;
};

export type TestAppOptions = {
  now?: string;
  config?: Partial<AppConfig>;
  /** May be built from the app's database and movable clock (real clients share the budget table). */
  trackers?: TrackerProviders | ((db: Db, clock: Clock) => TrackerProviders);
  /** Mail goes here instead of the returned memory mailer (e.g. SMTP to a fake server). */
  mailer?: Mailer;
  /** The jobs' retry rules, e.g. shorter delays for retry tests. */
  jobCatalog?: AppJobs;
  /** Host stand-ins (e.g. the browser host's); buildApp's Node implementations otherwise. */
  passwords?: BuildAppOptions['passwords'];
  photos?: BuildAppOptions['photos'];
  metrics?: BuildAppOptions['metrics'];
  /** The app's logger (default: none), e.g. the production options writing to a stream a test reads. */
  logger?: BuildAppOptions['logger'];
};

/** A fresh app over the file's shared database, emptied, with an in-memory mailer and a movable clock. */
export const createTestApp = async (options: TestAppOptions = {}) => {
  const database = await testDatabase();
  await stopLastTestAppJobs(); // one test's queue at a time, even when a test left its app open
  await resetDatabase(database);
  const clock = movableClock(options.now ?? '2026-11-22T10:00:00Z');
  const mailer = memoryMailer();
  const config = testConfig(options.config);
  // The real job queue on the test database (no cron or maintenance timers).
  const jobs = createPgBossQueue(options.jobCatalog ?? appJobs, { db: database, log: () => app.log, schedule: false, supervise: false });
  previousJobs = jobs;
  const app = await buildApp({
    db: database.db,
    clock,
    config,
    mailer: options.mailer ?? mailer,
    trackers: typeof options.trackers === 'function' ? options.trackers(database.db, clock) : options.trackers,
    jobs,
    passwords: options.passwords,
    photos: options.photos,
    metrics: options.metrics,
    poolUsage: database.poolUsage, // as server/serve.ts wires it (PostgreSQL's pool; none on PGlite)
    ping: database.ping,
    logger: options.logger,
  });
  app.addHook('onClose', () => jobs.stop());
  await app.ready();
  await jobs.start();
  // Mails (sent by jobs after their answer) have arrived once a test's inject resolves.
  const inject = app.inject.bind(app);
  app.inject = (async (options: InjectOptions | string) => {
    const response = await inject(options);
    await app.afterResponse.idle();
    // 30 s, not the default 10: a job delayed by a real 7.5-10 s (the Strava inbox's first backoff,
    // measured from the test's clock) can fall due midway, and is then waited for on a loaded machine.
    await jobs.whenIdle({ timeoutMs: 30_000 });
    return response;
  }) as unknown as typeof app.inject;
  /** `inject` that does not wait for after-response work or jobs (timing tests). */
  const injectWithoutWaiting = inject;
  return { app, db: database.db, database, clock, mailer, config, jobs, injectWithoutWaiting };
};
