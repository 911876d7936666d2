import { z } from 'zod';
import type { Database } from '../../../server/db/client';
import type { JobDefinition } from '../../../server/jobs/job-queue';
import { createPgBossQueue, type PgBossQueueOptions } from '../../../server/jobs/pg-boss-queue';

const job = <Payload extends z.ZodType>(definition: JobDefinition<Payload>) => definition;

/** Jobs of the engine's own tests: short delays so retries and backoff fit in seconds. */
export const testJobs = {
  'test.record': job({ payload: z.object({ n: z.number().int() }), retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, timeoutSeconds: 10 }),
  'test.flaky': job({ payload: z.object({ label: z.string() }), retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, timeoutSeconds: 10 }),
  'test.slow': job({ payload: z.object({ ms: z.number().int() }), retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, timeoutSeconds: 30 }),
  'test.hang': job({ payload: z.object({}), retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, timeoutSeconds: 1 }),
  'test.tick': job({ payload: z.object({ from: z.string() }), retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, timeoutSeconds: 10 }),
  'test.once-per-key': job({ payload: z.object({ user: z.number().int() }), retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, timeoutSeconds: 10, policy: 'short' }),
};

export type TestLog = { level: 'info' | 'warn' | 'error'; message: string; fields: object }[];

/** A queue of test jobs on `database`, logging into `log`. */
export const testQueue = (database: Database, log: TestLog = [], options: Partial<PgBossQueueOptions> = {}) =>
  createPgBossQueue(testJobs, {
    db: database,
    log: () => ({
      info: (fields, message) => log.push({ level: 'info', message, fields }),
      warn: (fields, message) => log.push({ level: 'warn', message, fields }),
      error: (fields, message) => log.push({ level: 'error', message, fields }),
    }),
    schedule: false,
    supervise: false,
    ...options,
  });

/** Rows of the engine's job table, for asserting what the database holds. */
export const jobRows = async (database: Database, name: string) =>
  (
    await database.executeSql(`select id, state, retry_count as "retryCount", start_after as "startAfter", output from pgboss.job where name = $1 order by created_on`, [name])
  ).rows as { id: string; state: string; retryCount: number; startAfter: Date; output: { message?: string } | null }[];

export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
