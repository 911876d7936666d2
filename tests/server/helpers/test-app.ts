import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../../server/app';
import { testConfig, type AppConfig } from '../../../server/config';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../../server/db/client';
import { memoryMailer } from '@/domain/mail';
import type { TrackerProviders } from '../../../server/modules/trackers/providers/types';
import type { Db } from '../../../server/db/client';
import type { Clock } from '@/domain/clock';

let shared: Promise<Database> | undefined;

/** Test files run in parallel: each gets its own database on the PostgreSQL cluster. */
const createScratchDatabase = async (baseUrl: string) => {
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
 * One migrated database per test file (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set,
 * which CI uses for the second run); tables are emptied before each test by `resetDatabase`.
 */
export const testDatabase = () => {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const database = url ? await openPostgres(await createScratchDatabase(url), 4) : await openPglite();
    await database.migrate();
    return database;
  })();
  return shared;
};

export const resetDatabase = async (database: Database) => {
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as { tablename: string }[];
  const tables = rows.map((row) => `"${row.tablename}"`).join(', ');
  // The audit trail refuses a truncate unless it is a deliberate maintenance act (migration 0012).
  if (tables)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('wellness.audit_maintenance', 'on', true)`);
      await tx.execute(sql.raw(`truncate ${tables} restart identity cascade`));
    });
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

/** `trackers` may be built from the app's database and movable clock (real clients share the budget table). */
export type TestAppOptions = { now?: string; config?: Partial<AppConfig>; trackers?: TrackerProviders | ((db: Db, clock: Clock) => TrackerProviders) };

/** A fresh app over the file's shared database, emptied, with an in-memory mailer and a movable clock. */
export const createTestApp = async (options: TestAppOptions = {}) => {
  const database = await testDatabase();
  await resetDatabase(database);
  const clock = movableClock(options.now ?? '2026-11-22T10:00:00Z');
  const mailer = memoryMailer();
  const config = testConfig(options.config);
  const app = await buildApp({ db: database.db, clock, config, mailer, trackers: typeof options.trackers === 'function' ? options.trackers(database.db, clock) : options.trackers, ping: database.ping });
  await app.ready();
  // Mails sent after their answer (forgot-password) have arrived once a test's inject resolves.
  const inject = app.inject.bind(app);
  app.inject = (async (options: InjectOptions | string) => {
    const response = await inject(options);
    await app.afterResponse.idle();
    return response;
  }) as unknown as typeof app.inject;
  /** `inject` that does not wait for after-response work (timing tests). */
  const injectWithoutWaiting = inject;
  return { app, db: database.db, database, clock, mailer, config, injectWithoutWaiting };
};
