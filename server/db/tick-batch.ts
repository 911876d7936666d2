import { nextTurn } from '../next-turn';

/**
 * Joins the calls of one hot read made in the same turn of the event loop into one statement per
 * group (DataLoader's scheduling): under load, the requests a single poll of the sockets parsed
 * share one round trip instead of taking one pool connection and one PostgreSQL transaction each.
 * A lone call waits only for the end of its turn (nextTurn), so a quiet server answers as fast
 * as before. Nothing is cached: every call gets the answer of its own arguments, read by a
 * statement that started after the call was made (so a caller sees every write committed before it
 * asked).
 */
export type TickBatchOptions<A, R> = {
  /** Calls with the same group key can share one statement (same year, same parameters...). */
  groupOf: (call: A) => string;
  /** Answers one group's calls, in their order: exactly one result per call. */
  run: (calls: A[]) => Promise<R[]>;
  /** Keeps one statement's work and answer bounded when many requests arrive at once. */
  maxBatch: number;
  /**
   * Calls of one turn with the same key are read once and share that answer (DataLoader's
   * deduplication): the same employee's month or feed page asked by several tabs or connections at
   * once. The answer must not be changed by its receivers.
   */
  keyOf?: (call: A) => string;
};

type Waiting<A, R> = { call: A; resolve: (result: R) => void; reject: (error: unknown) => void };

export const tickBatched = <A, R>({ groupOf, run, maxBatch, keyOf }: TickBatchOptions<A, R>) => {
  let pending = new Map<string, Waiting<A, R>[]>();

  /** Each entry of `batch` is one call to read and everyone waiting for its answer. */
  const answer = async (batch: Waiting<A, R>[][]) => {
    try {
      const results = await run(batch.map((same) => same[0]!.call));
      if (results.length !== batch.length) throw new Error(`tick batch: ${results.length} results for ${batch.length} calls`);
      batch.forEach((same, index) => {
        for (const waiting of same) waiting.resolve(results[index]!);
      });
    } catch (error) {
      // A failed statement fails the calls it carried, and only those.
      for (const same of batch) for (const waiting of same) waiting.reject(error);
    }
  };

  const distinct = (waiting: Waiting<A, R>[]): Waiting<A, R>[][] => {
    if (!keyOf) return waiting.map((one) => [one]);
    const byKey = new Map<string, Waiting<A, R>[]>();
    for (const one of waiting) {
      const key = keyOf(one.call);
      const same = byKey.get(key);
      if (same) same.push(one);
      else byKey.set(key, [one]);
    }
    return [...byKey.values()];
  };

  const flush = () => {
    const groups = pending;
    pending = new Map();
    for (const waiting of groups.values()) {
      const calls = distinct(waiting);
      for (let start = 0; start < calls.length; start += maxBatch) void answer(calls.slice(start, start + maxBatch));
    }
  };

  return (call: A): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      if (pending.size === 0) nextTurn(flush);
      const group = groupOf(call);
      const waiting = pending.get(group);
      if (waiting) waiting.push({ call, resolve, reject });
      else pending.set(group, [{ call, resolve, reject }]);
    });
};

/**
 * For a read whose answer depends only on its group key, not on who asks (a year's top leaders, a
 * year's overview): the calls of one turn with the same key share one statement and its answer.
 */
export const tickShared = <A, R>(groupOf: (call: A) => string, read: (call: A) => Promise<R>) =>
  tickBatched<A, R>({
    groupOf,
    run: async (calls) => {
      const answer = await read(calls[0]!);
      return calls.map(() => answer);
    },
    maxBatch: Number.POSITIVE_INFINITY,
  });
