import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../server/db/pglite-options';

/**
 * PGlite as mock mode opens it, in the browser and in vitest: the server's extensions (the admin
 * searches need pg_trgm and unaccent) and a small page cache (a tab holds a few hundred rows; the
 * server's 64 MB would be held in the page's WASM memory for nothing).
 */
export const mockPgliteOptions = (): PGliteOptions => ({
  extensions: pgliteExtensions,
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
});

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * The dump as a plain tarball. A static host may have sent the .tar.gz with `Content-Encoding: gzip`
 * (then fetch already inflated it) or not: the first bytes tell, not the headers.
 */
export const tarballOf = async (bytes: Uint8Array): Promise<Blob> => {
  const plain = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/x-tar' });
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) return plain;
  const inflated = await new Response(plain.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  return new Blob([inflated], { type: 'application/x-tar' });
};
