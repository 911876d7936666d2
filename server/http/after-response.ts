import type { Logger } from '../logger';
import { nextTurn } from '../next-turn';

/**
 * Work that must not delay, or be visible in, a response: forgot-password answers first and sends
 * the mail after, so a known and an unknown e-mail take the same time. Failures are logged; `idle()`
 * lets shutdown (and tests) wait until every task has finished.
 */
export const afterResponseQueue = (log: () => Logger) => {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, task: () => Promise<unknown>) {
      const promise: Promise<void> = new Promise<void>((resolve) => nextTurn(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log().error({ err: error }, `${label} failed`),
        )
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
};

export type AfterResponseQueue = ReturnType<typeof afterResponseQueue>;
