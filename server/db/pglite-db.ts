import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from './handle';
import * as schema from './schema';

/**
 * The app's Db over a PGlite that is already open, with no Node API on the way: the server (client.ts)
 * and mock mode in the browser (mocks/runtime/browser-db.ts) build their handle here.
 */
export const pgliteDb = (client: PGlite): Db =>
  Object.assign(drizzle(client, { schema }), {
    rowsAsArrays: async ({ text, values }: { text: string; values: unknown[] }) => (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows,
  }) as unknown as Db;
