import type PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { FailedJob, JobCatalog, JobHandler, JobQueue, SendOptions } from './job-queue';
import { DEFAULT_STOP_TIMEOUT_MS, errorText, finishOrAbort, runAttempt } from './job-attempt';
import { countJobFailure } from '../metrics/shared-metrics';
import { nextTurn } from '../next-turn';

type SqlRunner = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };
type Log = { info: (object: object, message: string) => void; warn: (object: object, message: string) => void; error: (object: object, message: string) => void };

export type PgBossQueueOptions = {
  /** The app's database connection (pool on PostgreSQL, the single client on PGlite). */
  db: SqlRunner;
  log: () => Log;
  /** Handlers per job name and process, unless the job sets its own (JOBS_CONCURRENCY). */
  concurrency?: number;
  /** How often the engine looks for jobs its own sends did not announce (other processes, cron, delays). */
  pollSeconds?: number;
  /** Run cron schedules (every process may; pg-boss lets one per interval send them). */
  schedule?: boolean;
  /** Maintenance: expire jobs whose process died, archive and delete old ones. */
  supervise?: boolean;
  /** Faster cron checks, for tests (seconds, 1-45). */
  cronCheckSeconds?: number;
};

type BossJob = { id: string; name: string; data: unknown; retryCount: number; retryLimit: number };

export const JOBS_SCHEMA = 'pgboss';
const WAKE_DELAY_MS = 100;
/** An idle slot waits to be woken (send, poller, stop); this only bounds the wait should a wake be missed. */
const IDLE_SLOT_NAP_MS = 60_000;
/** The poller's own name among the nappers (no job has it: names are `area.job`). */
const POLLER = 'poller';
/** Our failures store `{ message }`; pg-boss's own (a job expired by maintenance) `{ value: { message } }`. */
const ERROR_OF_OUTPUT = `coalesce(output->>'message', output->'value'->>'message')`;

/** A drizzle transaction as pg-boss's `db`: its `$1..$n` placeholders become bound parameters. */
const transactionRunner = (tx: DbOrTx): SqlRunner => ({
  executeSql: async (text, values = []) => {
    const parts = text.split(/\$(\d+)/);
    const chunks: SQL[] = parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`));
    const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] } | unknown[];
    return { rows: Array.isArray(result) ? result : result.rows };
  },
});

const settingsDiffer = (found: PgBoss.Queue, wanted: PgBoss.Queue) =>
  (['policy', 'retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const).some((key) => found[key] !== wanted[key]);

const retryOnDeadlock = async (task: () => Promise<unknown>, attempts = 5) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }
};

/**
 * The job queue on pg-boss 10 (tables in the `pgboss` schema of the app's database). pg-boss does the
 * storage, fetch with SKIP LOCKED (each job to one process), retries with backoff, singleton keys,
 * cron and maintenance; this module adds typed payloads, a wake-up for jobs sent by this process,
 * per-attempt timeouts, a drain on stop and `whenIdle`.
 */
/**
 * The engine's own statements go to the database after the event loop has read what is waiting
 * (new connections, requests): on PGlite each statement runs on the API's thread, and the engine's
 * bursts (its start: version check, queues, schedules, cron; a poll waking a dozen slots) chained
 * on promises alone kept a waiting request unread until the whole burst was done (0.3-1.5 s after
 * listening, the first /api/ready). One setImmediate per statement costs microseconds.
 */
const afterPendingIo = (db: SqlRunner): SqlRunner => ({
  executeSql: async (text, values) => {
    await new Promise<void>((resolve) => nextTurn(resolve));
    return db.executeSql(text, values);
  },
});

export const createPgBossQueue = <C extends JobCatalog>(catalog: C, options: PgBossQueueOptions): JobQueue<C> => {
  /**
   * pg-boss (with pg, cron-parser and luxon, ~0.15 s to load) is loaded and made by `start`, which a
   * server calls once it listens: nothing uses the engine before (sends and schedules wait for start).
   */
  let boss: PgBoss | undefined;
  const createBoss = async () => {
    const { default: PgBossEngine } = await import('pg-boss');
    const created = new PgBossEngine({
      db: afterPendingIo(options.db) as PgBoss.Db,
      schema: JOBS_SCHEMA,
      schedule: options.schedule ?? true,
      supervise: options.supervise ?? true,
      cronMonitorIntervalSeconds: options.cronCheckSeconds ?? 30,
      cronWorkerIntervalSeconds: options.cronCheckSeconds ?? 5,
      // Completed jobs go to the archive after an hour; failed ones stay in `job` for a week (docs/architecture.md#jobs).
      archiveCompletedAfterSeconds: 60 * 60,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    created.on('error', (error: unknown) => options.log().error({ err: error }, 'job engine error'));
    return created;
  };
  const engine = () => {
    if (!boss) throw new Error('the job queue is not started');
    return boss;
  };

  const pollMs = (options.pollSeconds ?? 2) * 1000;
  const handlers = new Map<string, JobHandler<unknown>>();
  const schedules: (() => Promise<void>)[] = [];
  const loops: Promise<void>[] = [];
  const running = new Map<string, AbortController>();
  const sleepers = new Map<string, Set<() => void>>();
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let active = false;
  /** Handler slots fetching or running a job right now. */
  let busy = 0;

  const definition = (name: string) => {
    const found = catalog[name];
    if (!found) throw new Error(`unknown job "${name}"`);
    return found;
  };

  const nap = (name: string, ms: number) =>
    new Promise<void>((resolve) => {
      const set = sleepers.get(name) ?? new Set<() => void>();
      sleepers.set(name, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      set.add(done);
    });
  /** At most one delayed wake per job name; a fetch that starts meanwhile makes it pointless. */
  const wakeTimers = new Map<string, NodeJS.Timeout>();
  const wake = (name: string) => {
    clearTimeout(wakeTimers.get(name));
    wakeTimers.delete(name);
    for (const done of [...(sleepers.get(name) ?? [])]) done();
  };

  const runJob = async (name: string, handler: JobHandler<unknown>, job: BossJob) => {
    const log = options.log();
    const { context, error } = await runAttempt(definition(name), handler, { ...job, name }, running, log);
    // A completion that cannot be recorded leaves the job active: maintenance expires it and it runs again.
    if (!error) return void (await engine().complete(name, job.id).catch((completeError: unknown) => log.error({ err: completeError, jobId: job.id }, 'could not record a job completion')));
    countJobFailure(name, context.lastAttempt);
    await engine().fail(name, job.id, { message: errorText(error) }).catch((failError: unknown) => log.error({ err: failError, jobId: job.id }, 'could not record a job failure'));
  };

  /**
   * One handler slot: fetch a job, run it, repeat; when there is none, nap until a send of this
   * process or the poller wakes it. A fetched job always runs, even while stopping.
   */
  const loop = async (name: string, handler: JobHandler<unknown>) => {
    await nap(name, IDLE_SLOT_NAP_MS); // the poller's first look wakes it when jobs wait
    while (active) {
      let ran = false;
      busy += 1;
      clearTimeout(wakeTimers.get(name));
      wakeTimers.delete(name);
      try {
        // pg-boss's fetch answers [] when the database fails; runJob catches everything.
        const [job] = (await engine().fetch(name, { batchSize: 1, includeMetadata: true })) as unknown as BossJob[];
        if (job) await runJob(name, handler, job);
        ran = job !== undefined;
      } finally {
        busy -= 1;
      }
      if (!ran && active) await nap(name, IDLE_SLOT_NAP_MS);
    }
  };

  /**
   * Every poll, ONE query finds the queues holding a job that may run now (sent by another process,
   * by a cron schedule, in a transaction, or due after a delay) and wakes their slots. A fetch per
   * slot and poll (two dozen) took several hundred milliseconds of a starting PGlite server, which
   * runs them on the API's thread. The first look comes at a random point of the first poll.
   */
  const poll = async () => {
    await nap(POLLER, Math.random() * pollMs);
    while (active) {
      const names = [...handlers.keys()];
      try {
        const { rows } = await options.db.executeSql(`select distinct name from ${JOBS_SCHEMA}.job where name = any($1::text[]) and state < 'active' and start_after < now()`, [names]);
        for (const { name } of rows as { name: string }[]) wake(name);
      } catch (error) {
        options.log().warn({ err: error }, 'looking for waiting jobs failed; trying again at the next poll');
      }
      if (active) await nap(POLLER, pollMs);
    }
  };

  const startLoops = (name: string, handler: JobHandler<unknown>) => {
    const slots = definition(name).concurrency ?? options.concurrency ?? 1;
    for (let slot = 0; slot < slots; slot += 1) loops.push(loop(name, handler));
  };

  const started = async () => {
    if (!starting) throw new Error('the job queue is not started');
    if (stopping) throw new Error('the job queue is stopped');
    await starting;
  };

  const queueOptions = (name: string) => {
    const entry = definition(name);
    return {
      name,
      policy: entry.policy ?? 'standard',
      retryLimit: entry.retryLimit,
      retryDelay: entry.retryDelaySeconds,
      retryBackoff: entry.retryBackoff,
      // After this, maintenance fails a job still marked active (its process died) so it is retried.
      expireInSeconds: entry.timeoutSeconds + 60,
    } satisfies PgBoss.Queue;
  };

  /** Creates missing queues and updates those whose settings changed (nothing to do on most starts). */
  const ensureQueues = async () => {
    const existing = new Map((await engine().getQueues()).map((queue) => [queue.name, queue]));
    for (const name of Object.keys(catalog)) {
      const wanted = queueOptions(name);
      const found = existing.get(name);
      // Two processes starting at once on a new database may deadlock creating partitions: try again.
      if (!found) await retryOnDeadlock(() => engine().createQueue(name, wanted));
      else if (settingsDiffer(found, wanted)) await engine().updateQueue(name, wanted);
    }
  };

  const pendingCount = async (names: string[], includeDelayed: boolean) => {
    const { rows } = await options.db.executeSql(
      `select count(*)::int as count from ${JOBS_SCHEMA}.job
       where name = any($1::text[]) and (state = 'active' or (state in ('created', 'retry') and ($2::boolean or start_after < now())))`,
      [names, includeDelayed],
    );
    return (rows[0] as { count: number }).count;
  };

  return {
    async send(name, data, sendOptions: SendOptions = {}) {
      const payload = definition(name).payload.parse(data);
      await started();
      const { tx, startAfter, ...rest } = sendOptions;
      const id = await engine().send(name, payload as object, {
        ...rest,
        ...(startAfter === undefined ? {} : { startAfter }),
        ...(tx ? { db: transactionRunner(tx) as PgBoss.Db } : {}),
      });
      // Wake this process's handler, a moment later: the job's database work must not slow the answer
      // that sent it (PGlite runs on the API's thread; forgot-password's timing must not tell known
      // e-mails). A job in a transaction is visible after the commit: the poll finds it.
      if (!tx && !wakeTimers.has(name)) {
        const timer = setTimeout(() => wake(name), WAKE_DELAY_MS);
        timer.unref();
        wakeTimers.set(name, timer);
      }
      return id;
    },

    work(name, handler) {
      definition(name);
      if (handlers.has(name)) throw new Error(`job "${name}" already has a handler`);
      handlers.set(name, handler as JobHandler<unknown>);
      if (active) startLoops(name, handler as JobHandler<unknown>);
    },

    async schedule(name, cron, data, scheduleOptions = {}) {
      const payload = definition(name).payload.parse(data);
      const apply = () => engine().schedule(name, cron, payload as object, { tz: scheduleOptions.tz ?? 'UTC' });
      // Declared while the app is built (before start): applied by start.
      if (!starting) return void schedules.push(apply);
      await started();
      await apply();
    },

    async unschedule(name) {
      await started();
      await engine().unschedule(name);
    },

    start() {
      starting ??= (async () => {
        const began = performance.now();
        boss ??= await createBoss();
        await boss.start();
        await ensureQueues();
        for (const apply of schedules.splice(0)) await apply();
        active = true;
        for (const [name, handler] of handlers) startLoops(name, handler);
        loops.push(poll());
        options.log().info({ ms: Math.round(performance.now() - began), queues: Object.keys(catalog).length }, 'job queue started');
      })();
      return starting;
    },

    stop(stopOptions = {}) {
      if (!starting) return Promise.resolve();
      stopping ??= (async () => {
        await starting.catch(() => undefined);
        active = false;
        for (const name of sleepers.keys()) wake(name);
        const timeoutMs = stopOptions.timeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
        const aborted = await finishOrAbort(Promise.all(loops), running, timeoutMs);
        if (aborted.length > 0) {
          // Each aborted attempt is recorded as failed, so a later start retries it.
          options.log().warn({ jobIds: aborted }, `jobs still running after ${timeoutMs} ms; they will be retried`);
          await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, 1000))]);
        }
        await boss?.stop({ graceful: false, close: true, wait: true });
      })();
      return stopping;
    },

    async whenIdle(idleOptions = {}) {
      const deadline = Date.now() + (idleOptions.timeoutMs ?? 10_000);
      const names = [...handlers.keys()];
      for (;;) {
        const pending = await pendingCount(names, idleOptions.includeDelayed ?? false);
        if (pending === 0 && busy === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still waiting or running after ${idleOptions.timeoutMs ?? 10_000} ms`);
        if (pending > 0) for (const name of names) wake(name); // napping slots look now instead of at their next poll
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    async failures(failureOptions = {}) {
      const { rows } = await options.db.executeSql(
        `select id, name, retry_count + 1 as attempts, ${ERROR_OF_OUTPUT} as error, completed_on as "failedAt" from ${JOBS_SCHEMA}.job
         where state = 'failed' and ($1::text is null or name = $1)
         union all
         select id, name, retry_count + 1, ${ERROR_OF_OUTPUT}, completed_on from ${JOBS_SCHEMA}.archive
         where state = 'failed' and ($1::text is null or name = $1)
         order by "failedAt" desc limit $2`,
        [failureOptions.name ?? null, failureOptions.limit ?? 50],
      );
      return (rows as FailedJob[]).map((row) => ({ ...row, failedAt: new Date(row.failedAt) }));
    },
  };
};
