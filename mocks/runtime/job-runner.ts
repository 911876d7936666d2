import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../server/db/handle';
import { rowsOf } from '../../server/db/rows';
import { appJobs, type AppJobQueue } from '../../server/jobs/catalog';
import { errorText, finishOrAbort, runAttempt } from '../../server/jobs/job-attempt';
import type { FailedJob, JobCatalog, JobHandler, JobQueue, SendOptions } from '../../server/jobs/job-queue';

type Log = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };

export type InPageJobQueueOptions = {
  /** Handlers per job name at once, unless the job sets its own (the server's JOBS_CONCURRENCY default). */
  concurrency?: number;
  /** Retry waits are the catalogue's times this (1: as on the server; tests may shorten them). */
  delayScale?: number;
  log?: Log;
  /** After each run (the page's database saves what a job wrote, as after a request's write). */
  afterRun?: () => Promise<void>;
};

type Waiting = {
  id: string;
  name: string;
  key: string;
  data: unknown;
  priority: number;
  /** ms since the epoch (page time). */
  dueAt: number;
  retryCount: number;
  /** Sent inside this transaction (PostgreSQL's id): runs only once it committed, vanishes if it rolled back. */
  txid: string | null;
  state: 'waiting' | 'retry' | 'running';
};

const consoleLog: Log = {
  warn: (details, message) => console.warn(`[mocks] ${message}`, details),
  error: (details, message) => console.error(`[mocks] ${message}`, details),
};

/** The transaction a job was sent in: its id now, its fate later (PGlite runs one transaction at a time, so a later read sees it settled). */
const txidOf = async (tx: DbOrTx) => rowsOf<{ id: string }>(await tx.execute(sql`select txid_current()::text as id`))[0]!.id;

/**
 * The job queue of mock mode, in the page: the server's catalogue (payload checks, retries with
 * backoff, timeouts, the queue policies, singleton keys and windows, `startAfter`, priority) run by
 * timers instead of pg-boss tables. Jobs start on the next turn of the event loop after `send`, so
 * the answer that sent one goes first, as on the server. Cron schedules are kept but never fire: a
 * tab is not a server that runs for days (`runSchedule(name)` sends one by hand).
 */
export const createInPageJobQueue = <C extends JobCatalog>(catalog: C, db: DbOrTx, options: InPageJobQueueOptions = {}): JobQueue<C> & { runSchedule: (name: keyof C & string) => Promise<string | null> } => {
  const log = options.log ?? consoleLog;
  const delayScale = options.delayScale ?? 1;
  const handlers = new Map<string, JobHandler<unknown>>();
  const schedules = new Map<string, unknown>();
  const jobs: Waiting[] = [];
  const failed: FailedJob[] = [];
  const running = new Map<string, AbortController>();
  const lastSentInWindow = new Map<string, number>();
  let sequence = 0;
  let started = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pumping: Promise<void> | null = null;
  const runs = new Set<Promise<void>>();

  const definition = (name: string) => {
    const found = catalog[name];
    if (!found) throw new Error(`unknown job "${name}"`);
    return found;
  };

  const keyed = (name: string) => (definition(name).policy ?? 'standard') !== 'standard';

  const wake = (at = Date.now()) => {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), Math.max(0, at - Date.now()));
  };

  const nextDue = () => jobs.filter((job) => job.state !== 'running').reduce((soonest, job) => Math.min(soonest, job.dueAt), Infinity);

  const finish = (job: Waiting) => {
    jobs.splice(jobs.indexOf(job), 1);
  };

  const runJob = async (job: Waiting, handler: JobHandler<unknown>) => {
    const entry = definition(job.name);
    const { context, error } = await runAttempt(entry, handler, { ...job, retryLimit: entry.retryLimit }, running, log);
    if (!error) finish(job);
    else if (context.lastAttempt) {
      finish(job);
      failed.unshift({ id: job.id, name: job.name, attempts: context.attempt, error: errorText(error), failedAt: new Date() });
    } else {
      const wait = entry.retryDelaySeconds * (entry.retryBackoff ? 2 ** job.retryCount : 1);
      Object.assign(job, { state: 'retry', retryCount: job.retryCount + 1, dueAt: Date.now() + wait * 1000 * delayScale });
    }
    await options.afterRun?.().catch(() => undefined);
    wake(nextDue());
  };

  /** Whether a job sent in a transaction may run: 'run', 'drop' (rolled back) or 'later' (still open). */
  const settled = async (job: Waiting) => {
    if (!job.txid) return 'run';
    const [row] = rowsOf<{ status: string | null }>(await db.execute(sql`select txid_status(${job.txid}::bigint) as status`));
    if (row?.status === 'committed') return 'run';
    return row?.status === 'in progress' ? 'later' : 'drop';
  };

  const startDue = async () => {
    const now = Date.now();
    const due = jobs.filter((job) => job.state !== 'running' && job.dueAt <= now && handlers.has(job.name)).sort((a, b) => b.priority - a.priority || a.dueAt - b.dueAt);
    for (const job of due) {
      const entry = definition(job.name);
      const policy = entry.policy ?? 'standard';
      const active = jobs.filter((other) => other.state === 'running' && other.name === job.name);
      if (active.length >= (entry.concurrency ?? options.concurrency ?? 1)) continue;
      if ((policy === 'singleton' || policy === 'stately') && active.some((other) => other.key === job.key)) continue;
      const verdict = await settled(job);
      if (verdict === 'drop') {
        finish(job);
        continue;
      }
      if (verdict === 'later') {
        job.dueAt = Date.now() + 10;
        continue;
      }
      job.state = 'running';
      job.txid = null;
      const run = runJob(job, handlers.get(job.name)!).finally(() => runs.delete(run));
      runs.add(run);
    }
  };

  const pump = () => {
    // One pass at a time; a pass asked for meanwhile runs right after it.
    pumping ??= startDue().finally(() => {
      pumping = null;
      const soonest = nextDue();
      if (soonest <= Date.now()) wake();
      else if (soonest < Infinity) wake(soonest);
    });
    return pumping;
  };

  const queue: JobQueue<C> & { runSchedule: (name: keyof C & string) => Promise<string | null> } = {
    async send(name, data, sendOptions: SendOptions = {}) {
      const payload = definition(name).payload.parse(data);
      const policy = definition(name).policy ?? 'standard';
      const key = sendOptions.singletonKey ?? (keyed(name) ? '' : `#${sequence + 1}`);
      if (sendOptions.singletonSeconds) {
        const slot = `${name}|${sendOptions.singletonKey ?? ''}|${Math.floor(Date.now() / 1000 / sendOptions.singletonSeconds)}`;
        if (lastSentInWindow.has(slot)) return null;
        lastSentInWindow.set(slot, Date.now());
      }
      if ((policy === 'short' || policy === 'stately') && jobs.some((job) => job.name === name && job.key === key && job.state !== 'running')) return null;
      const { startAfter } = sendOptions;
      const dueAt = startAfter === undefined ? Date.now() : typeof startAfter === 'number' ? Date.now() + startAfter * 1000 : startAfter.getTime();
      sequence += 1;
      const job: Waiting = { id: `page-${sequence}`, name, key, data: payload, priority: sendOptions.priority ?? 0, dueAt, retryCount: 0, txid: sendOptions.tx ? await txidOf(sendOptions.tx) : null, state: 'waiting' };
      jobs.push(job);
      wake(dueAt);
      return job.id;
    },

    work(name, handler) {
      definition(name);
      if (handlers.has(name)) throw new Error(`job "${name}" already has a handler`);
      handlers.set(name, handler as JobHandler<unknown>);
      wake(nextDue());
    },

    async schedule(name, _cron, data) {
      schedules.set(name, definition(name).payload.parse(data));
    },

    async unschedule(name) {
      schedules.delete(name);
    },

    async runSchedule(name) {
      if (!schedules.has(name)) throw new Error(`job "${name}" has no schedule`);
      return queue.send(name, schedules.get(name) as never);
    },

    async start() {
      started = true;
      wake(nextDue());
    },

    async stop(stopOptions = {}) {
      stopped = true;
      clearTimeout(timer);
      await finishOrAbort(Promise.all(runs), running, stopOptions.timeoutMs);
    },

    async whenIdle(idleOptions = {}) {
      const timeoutMs = idleOptions.timeoutMs ?? 10_000;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // A job whose sending transaction was still open when it came due waits a few ms for the commit
        // (another connection on PostgreSQL): it is pending, not delayed.
        const pending = jobs.filter((job) => handlers.has(job.name) && (job.state === 'running' || idleOptions.includeDelayed || job.dueAt <= Date.now() || job.txid !== null));
        if (pending.length === 0 && !pumping) return;
        if (Date.now() > deadline) throw new Error(`jobs still waiting or running after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },

    async failures(failureOptions = {}) {
      return failed.filter((job) => !failureOptions.name || job.name === failureOptions.name).slice(0, failureOptions.limit ?? 50);
    },
  };
  return queue;
};

/** The app's job queue for mock mode: the server's catalogue (server/jobs/catalog.ts), run in the page on mock mode's database. */
export const inPageAppJobQueue = (db: DbOrTx, options?: InPageJobQueueOptions): AppJobQueue & { runSchedule: (name: keyof typeof appJobs) => Promise<string | null> } =>
  createInPageJobQueue(appJobs, db, options);
