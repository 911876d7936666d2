import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { ensureMockDatabases, type MockDatabaseFiles } from './cache.ts';

const VIRTUAL_ID = 'virtual:mock-database';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * Mock mode's database file (the demo dump of scripts/mock-db/build.ts, from the cache): emitted as
 * an asset by `build:mock`, served by `dev:mock`, at the same address `<base>mock-db/<key>.tar.gz`.
 * The page reads its address and key from `virtual:mock-database` (mocks/runtime/mock-database.ts).
 */
export const mockDatabasePlugin = (): Plugin => {
  let files: MockDatabaseFiles | undefined;
  let base = '/';
  let building = false;
  let info: (line: string) => void = () => undefined;
  const path = () => `mock-db/${files!.key}.tar.gz`;
  return {
    name: 'wellness-mock-database',
    configResolved(config) {
      base = config.base;
      building = config.command === 'build';
      info = (line) => config.logger.info(`[mock-db] ${line}`);
    },
    async buildStart() {
      files = await ensureMockDatabases(info);
      if (!building) return;
      this.emitFile({ type: 'asset', fileName: path(), source: readFileSync(files.demo) });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!files || request.url?.split('?')[0] !== `${base}${path()}`) return next();
        // Served as the bytes they are: no Content-Encoding, so the page always gets the gzip file.
        response.setHeader('Content-Type', 'application/gzip');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(readFileSync(files.demo));
      });
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID || !files) return undefined;
      return `export const mockDatabase = ${JSON.stringify({ url: `${base}${path()}`, key: files.key })};`;
    },
  };
};
