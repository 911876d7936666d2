import { describe, expect, it } from 'vitest';
import { tickBatched, tickShared } from '../../server/db/tick-batch';

type Call = { group: string; value: number };

/** A batched read that records each statement it was asked to run. */
const recorder = (options: { maxBatch?: number; failGroup?: string; shortBy?: number } = {}) => {
  const statements: Call[][] = [];
  const read = tickBatched<Call, string>({
    groupOf: (call) => call.group,
    maxBatch: options.maxBatch ?? 100,
    run: async (calls) => {
      statements.push(calls);
      await Promise.resolve();
      if (calls[0]!.group === options.failGroup) throw new Error(`statement of ${options.failGroup} failed`);
      return calls.slice(options.shortBy ?? 0).map((call) => `${call.group}:${call.value * 10}`);
    },
  });
  return { read, statements };
};

describe('tickBatched', () => {
  it('answers the calls of one turn with one statement per group, each call its own result', async () => {
    const { read, statements } = recorder();
    const answers = await Promise.all([read({ group: 'a', value: 1 }), read({ group: 'b', value: 2 }), read({ group: 'a', value: 3 }), read({ group: 'a', value: 1 })]);
    expect(answers).toEqual(['a:10', 'b:20', 'a:30', 'a:10']);
    expect(statements).toEqual([
      [
        { group: 'a', value: 1 },
        { group: 'a', value: 3 },
        { group: 'a', value: 1 },
      ],
      [{ group: 'b', value: 2 }],
    ]);
  });

  it('runs a lone call at the end of its turn, and calls of later turns in statements of their own', async () => {
    const { read, statements } = recorder();
    expect(await read({ group: 'a', value: 1 })).toBe('a:10');
    expect(await read({ group: 'a', value: 2 })).toBe('a:20');
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(await Promise.all([read({ group: 'a', value: 3 }), read({ group: 'a', value: 4 })])).toEqual(['a:30', 'a:40']);
    expect(statements.map((calls) => calls.map((call) => call.value))).toEqual([[1], [2], [3, 4]]);
  });

  it('splits a crowded turn into statements of at most maxBatch calls, in order', async () => {
    const { read, statements } = recorder({ maxBatch: 3 });
    const values = [1, 2, 3, 4, 5, 6, 7];
    expect(await Promise.all(values.map((value) => read({ group: 'a', value })))).toEqual(values.map((value) => `a:${value * 10}`));
    expect(statements.map((calls) => calls.map((call) => call.value))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('fails only the calls whose statement failed', async () => {
    const { read } = recorder({ failGroup: 'b' });
    const settled = await Promise.allSettled([read({ group: 'a', value: 1 }), read({ group: 'b', value: 2 }), read({ group: 'b', value: 3 })]);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 'a:10' });
    expect(settled[1]).toMatchObject({ status: 'rejected', reason: new Error('statement of b failed') });
    expect(settled[2]).toMatchObject({ status: 'rejected', reason: new Error('statement of b failed') });
    // The batcher is not stuck after a failure.
    expect(await read({ group: 'a', value: 5 })).toBe('a:50');
  });

  it('refuses to hand out answers when a statement returns fewer rows than it was given calls', async () => {
    const { read } = recorder({ shortBy: 1 });
    await expect(Promise.all([read({ group: 'a', value: 1 }), read({ group: 'a', value: 2 })])).rejects.toThrow('tick batch: 1 results for 2 calls');
  });
});

describe('tickBatched with keyOf', () => {
  const deduplicating = (options: { maxBatch?: number; fail?: boolean } = {}) => {
    const statements: number[][] = [];
    let version = 0;
    const read = tickBatched<Call, string>({
      groupOf: (call) => call.group,
      keyOf: (call) => String(call.value),
      maxBatch: options.maxBatch ?? 100,
      run: async (calls) => {
        statements.push(calls.map((call) => call.value));
        await Promise.resolve();
        if (options.fail) throw new Error('statement failed');
        return calls.map((call) => `${call.value}@${version}`);
      },
    });
    return { read, statements, write: () => (version += 1) };
  };

  it('reads the same call of one turn once, and gives its answer to every caller', async () => {
    const { read, statements } = deduplicating();
    const values = [4, 5, 4, 4, 6, 5];
    expect(await Promise.all(values.map((value) => read({ group: 'a', value })))).toEqual(['4@0', '5@0', '4@0', '4@0', '6@0', '5@0']);
    expect(statements).toEqual([[4, 5, 6]]);
  });

  it('shares nothing between turns: a write between two turns is seen by the next', async () => {
    const { read, statements, write } = deduplicating();
    expect(await Promise.all([read({ group: 'a', value: 1 }), read({ group: 'a', value: 1 })])).toEqual(['1@0', '1@0']);
    write();
    expect(await read({ group: 'a', value: 1 })).toBe('1@1');
    expect(statements).toEqual([[1], [1]]);
  });

  it('counts distinct calls against maxBatch, and fails every caller of a failed statement', async () => {
    const { read, statements } = deduplicating({ maxBatch: 2 });
    await Promise.all([1, 1, 2, 2, 3, 1].map((value) => read({ group: 'a', value })));
    expect(statements).toEqual([[1, 2], [3]]);
    const failing = deduplicating({ fail: true });
    const settled = await Promise.allSettled([failing.read({ group: 'a', value: 7 }), failing.read({ group: 'a', value: 7 })]);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('tickShared', () => {
  it('reads once per key and turn, however many callers ask; a later turn reads again', async () => {
    const reads: string[] = [];
    let version = 0;
    const read = tickShared<string, string>(
      (key) => key,
      async (key) => {
        reads.push(key);
        return `${key}@${version}`;
      },
    );
    expect(await Promise.all([read('2026'), read('2025'), read('2026'), read('2026')])).toEqual(['2026@0', '2025@0', '2026@0', '2026@0']);
    expect(reads).toEqual(['2026', '2025']);
    // A write between two turns is seen by the next read: nothing is kept from one turn to the next.
    version = 1;
    expect(await read('2026')).toBe('2026@1');
    expect(reads).toEqual(['2026', '2025', '2026']);
  });
});
