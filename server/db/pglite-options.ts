import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * PostgreSQL's page cache inside PGlite's WASM memory. PGlite's default (128 MB, from initdb's
 * postgresql.conf) is touched at start and held for the life of the process: a bare PGlite process
 * sat at ~300 MB RSS, ~240 MB with 64 MB. Pages not cached here are read from DATA_DIR through the
 * operating system's file cache, which is shared and given back under pressure.
 */
export const pgliteSharedBuffers = () => process.env.PGLITE_SHARED_BUFFERS || '64MB';

/** The admin searches fold with unaccent and match through a pg_trgm index (migration 0024); mock mode loads the same. */
export const pgliteExtensions = { pg_trgm, unaccent };

export const pgliteOptions = (): PGliteOptions => ({
  extensions: pgliteExtensions,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers()}`],
});
