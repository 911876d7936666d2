import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInPageJobQueue, inPageAppJobQueue } from '../../../mocks/runtime/job-runner';
import { openNodeMockDb, type NodeMockDb } from '../../../mocks/runtime/node-db';
import type { JobContext, JobDefinition } from '../../../server/jobs/job-queue';

const payload = z.object({ n: z.number().int() });
const job = (definition: Partial<Omit<JobDefinition, 'payload'>> = {}) => ({ payload, retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, timeoutSeconds: 5, ...definition });

const catalog = {
  once: job(),
  flaky: job({ retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true }),
  doomed: job({ retryLimit: 1, retryDelaySeconds: 10 }),
  slow: job({ retryLimit: 1, retryDelaySeconds: 1, timeoutSeconds: 0.05 }),
  stately: job({ policy: 'stately' }),
};

const silent = { warn: () => undefined, error: () => undefined };

describe('the in-page job queue', () => {
  let mock: NodeMockDb;
  beforeAll(async () => {
    mock = await openNodeMockDb();
  }, 120_000);
  afterAll(() => mock.close());

  const started = async () => {
    // Retry waits of 10 s become 10 ms.
    const queue = createInPageJobQueue(catalog, mock.db, { delayScale: 0.001, log: silent });
    await queue.start();
    return queue;
  };

  test('a job runs after the call that sent it, with its payload checked', async () => {
    const queue = await started();
    const seen: number[] = [];
    queue.work('once', async (data) => {
      seen.push(data.n);
    });
    await expect(queue.send('once', { n: 1.5 } as never)).rejects.toThrow();
    const id = await queue.send('once', { n: 7 });
    expect(id).toEqual(expect.any(String));
    expect(seen).toEqual([]);
    await queue.whenIdle();
    expect(seen).toEqual([7]);
  });

  test('a failing job is retried as the catalogue says, then recorded as failed for good', async () => {
    const queue = await started();
    const attempts: Pick<JobContext, 'attempt' | 'lastAttempt'>[] = [];
    queue.work('flaky', async (_data, context) => {
      attempts.push({ attempt: context.attempt, lastAttempt: context.lastAttempt });
      if (context.attempt < 3) throw new Error('mail server down');
    });
    queue.work('doomed', async () => {
      throw new Error('never works');
    });
    await queue.send('flaky', { n: 1 });
    await queue.send('doomed', { n: 2 });
    await queue.whenIdle({ includeDelayed: true });
    expect(attempts).toEqual([
      { attempt: 1, lastAttempt: false },
      { attempt: 2, lastAttempt: false },
      { attempt: 3, lastAttempt: true },
    ]);
    expect(await queue.failures()).toEqual([expect.objectContaining({ name: 'doomed', attempts: 2, error: 'never works' })]);
  });

  test('an attempt past its timeout is aborted and retried', async () => {
    const queue = await started();
    const signals: AbortSignal[] = [];
    queue.work('slow', async (_data, context) => {
      signals.push(context.signal);
      if (context.attempt === 1) await new Promise((resolve) => setTimeout(resolve, 500));
    });
    await queue.send('slow', { n: 1 });
    await queue.whenIdle({ includeDelayed: true });
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(await queue.failures()).toEqual([]);
  });

  test('a job sent in a transaction runs only if the transaction commits', async () => {
    const queue = await started();
    const seen: number[] = [];
    queue.work('once', async (data) => {
      seen.push(data.n);
    });
    await mock.db.transaction(async (tx) => {
      await queue.send('once', { n: 1 }, { tx });
    });
    await expect(
      mock.db.transaction(async (tx) => {
        await queue.send('once', { n: 2 }, { tx });
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toThrow();
    await queue.whenIdle();
    expect(seen).toEqual([1]);
  });

  test('stately: one waiting job per key; startAfter waits; whenIdle counts delayed jobs only when asked', async () => {
    const queue = await started();
    const seen: number[] = [];
    queue.work('stately', async (data) => {
      seen.push(data.n);
    });
    expect(await queue.send('stately', { n: 1 }, { singletonKey: 'bea', startAfter: 1 })).toEqual(expect.any(String));
    expect(await queue.send('stately', { n: 2 }, { singletonKey: 'bea' })).toBeNull();
    expect(await queue.send('stately', { n: 3 }, { singletonKey: 'ivan' })).toEqual(expect.any(String));
    await queue.whenIdle();
    expect(seen).toEqual([3]);
    await queue.whenIdle({ includeDelayed: true });
    expect(seen).toEqual([3, 1]);
  });

  test('the app queue takes the server catalogue: unknown jobs and bad payloads are refused', async () => {
    const queue = inPageAppJobQueue(mock.db, { log: silent });
    await queue.start();
    await expect(queue.send('mail.confirm-email', { userId: -1 })).rejects.toThrow();
    await expect(queue.send('no.such-job' as never, {} as never)).rejects.toThrow('unknown job "no.such-job"');
    await queue.schedule('privacy.purge-exports', '17 * * * *', {});
    const seen: string[] = [];
    queue.work('privacy.purge-exports', async (_data, context) => {
      seen.push(context.name);
    });
    await queue.runSchedule('privacy.purge-exports');
    await queue.whenIdle();
    expect(seen).toEqual(['privacy.purge-exports']);
    await queue.stop();
  });
});
