import type { Database } from '../../../server/db/client';
import { openMigratedPglite } from '../../support/pglite-template';

/** One migrated in-memory PGlite per test file: opened before its tests, closed after them. */
export const useMigratedPglite = () => {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openMigratedPglite();
  }, 60_000);
  afterAll(() => database?.close());
  return () => {
    if (!database) throw new Error('the database opens in beforeAll');
    return database;
  };
};

/** The row a generated index points at among the rows that exist (fast-check draws any natural number). */
export const pickRow = <T>(rows: T[], index: number) => (rows.length ? rows[index % rows.length] : undefined);
