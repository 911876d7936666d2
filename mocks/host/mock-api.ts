import type { FastifyBaseLogger } from 'fastify';
import { composeApi } from '../../server/api';
import type { AppDeps } from '../../server/deps';
import { composeDeps, type HostParts } from '../../server/compose-deps';
import { consoleLogger } from './logger';
import { routeMatcher } from './match-route';

/** What mock mode gives the server's code in place of Node's: everything else is the server's own. */
export type MockApiParts = HostParts & {
  log?: FastifyBaseLogger;
  /** Awaited after each request that may have written, before its answer (the browser's IndexedDB save). */
  afterWrite?: () => Promise<void>;
};

export type MockApi = {
  deps: AppDeps;
  log: FastifyBaseLogger;
  match: ReturnType<typeof routeMatcher>;
  afterWrite: () => Promise<void>;
};

/** The server's route table and job handlers over mock mode's database, clock, mail and jobs. */
export const createMockApi = async ({ log = consoleLogger(), afterWrite = async () => undefined, ...parts }: MockApiParts): Promise<MockApi> => {
  const deps = composeDeps(parts, () => log);
  const table = await composeApi(deps, { log });
  return { deps, log, match: routeMatcher(table), afterWrite };
};
