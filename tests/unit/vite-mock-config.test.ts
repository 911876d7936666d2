import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, isFileLoadingAllowed, resolveConfig, type Logger } from 'vite';

/**
 * `npm run dev:mock` (docs/testing.md#qa-mock-mode) starts without a Vite warning: the mock mode's
 * configuration resolves quietly, and its dev server may serve PGlite's .wasm and .data files (read
 * from beside PGlite's module) wherever node_modules really lives, a linked one included.
 */
const warningsOf = () => {
  const logger: Logger = createLogger('silent');
  const said: string[] = [];
  logger.warn = (message) => void said.push(`warn: ${message}`);
  logger.warnOnce = (message) => void said.push(`warn: ${message}`);
  logger.error = (message) => void said.push(`error: ${message}`);
  return { logger, said };
};

test('the mock mode configuration (dev:mock) resolves without a warning', async () => {
  const { logger, said } = warningsOf();
  await resolveConfig({ mode: 'mock', customLogger: logger }, 'serve', 'mock');
  expect(said).toEqual([]);
}, 60_000);

test("dev:mock may serve PGlite's own files where node_modules really is (a linked node_modules too)", async () => {
  const { logger, said } = warningsOf();
  const config = await resolveConfig({ mode: 'mock', customLogger: logger }, 'serve', 'mock');
  const dist = join(realpathSync('node_modules/@electric-sql/pglite'), 'dist');
  for (const file of ['pglite.wasm', 'initdb.wasm', 'pglite.data', 'pg_trgm.tar.gz', 'unaccent.tar.gz']) expect(isFileLoadingAllowed(config, join(dist, file)), file).toBe(true);
  expect(said).toEqual([]);
}, 60_000);
