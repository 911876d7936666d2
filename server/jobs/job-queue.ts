import type { z } from 'zod';
import type { DbOrTx } from '../db/client';

/**
 * pg-boss queue policies (one per job name): `standard` queues every send; `short` keeps at most one
 * waiting job per singleton key; `singleton` runs at most one per key at a time; `stately` allows one
 * waiting and one running per key (e.g. "sync this user": a second request while one runs queues
 * once more, never twice). With a non-standard policy, jobs without a key share the key "".
 */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** How one kind of job is checked, queued, retried and bounded. */
export type JobDefinition<Payload extends z.ZodType = z.ZodType> = {
  /** Checked on send (a bad payload never enters the queue) and again before the handler runs. */
  payload: Payload;
  /** Retries after the first failed attempt (0: a failure is final). */
  retryLimit: number;
  /** Seconds before the first retry; with backoff, each retry waits about twice as long (with jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** An attempt running longer fails (its `signal` aborts) and is retried. */
  timeoutSeconds: number;
  policy?: QueuePolicy;
  /** Handlers of this job running at once in one process (default: the queue's `concurrency`). */
  concurrency?: number;
};

export type JobCatalog = Record<string, JobDefinition>;
export type JobName<C extends JobCatalog> = keyof C & string;
/** What `send` accepts for a job (the schema's input). */
export type JobInput<C extends JobCatalog, N extends JobName<C>> = z.input<C[N]['payload']>;
/** What the handler receives (the schema's output). */
export type JobData<C extends JobCatalog, N extends JobName<C>> = z.output<C[N]['payload']>;

export type SendOptions = {
  /** With a `short`/`singleton`/`stately` policy: the key jobs are deduplicated on. */
  singletonKey?: string;
  /** At most one job per key (or per name without a key) in each window of this many seconds. */
  singletonSeconds?: number;
  /** Not before this time, or this many seconds from now. */
  startAfter?: Date | number;
  /** Higher runs first. */
  priority?: number;
  /**
   * Enqueue inside this transaction: the job exists only if the transaction commits (a write and
   * its follow-up job are never separated). Required when sending from inside `db.transaction`
   * on PGlite, whose single connection the transaction holds.
   */
  tx?: DbOrTx;
};

export type JobContext = {
  id: string;
  name: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** True when a failure now is final (no retry left). */
  lastAttempt: boolean;
  /** Aborted when the attempt times out or shutdown gives up waiting: pass it to fetch() and the like. */
  signal: AbortSignal;
};

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

/** A job that failed for good (all retries used), for operators and tests. */
export type FailedJob = { id: string; name: string; attempts: number; error: string; failedAt: Date };

/**
 * The app's job queue: durable (PostgreSQL or PGlite tables), shared by every API process on one
 * database, each job handled once, failures retried with backoff.
 */
export type JobQueue<C extends JobCatalog> = {
  /** Queues a job; resolves to its id, or null when a singleton rule dropped it as a duplicate. */
  send<N extends JobName<C>>(name: N, data: JobInput<C, N>, options?: SendOptions): Promise<string | null>;
  /** Handles every job of this name in this process (call before or after `start`). */
  work<N extends JobName<C>>(name: N, handler: JobHandler<JobData<C, N>>): void;
  /** Sends this job on a cron schedule (five fields, UTC unless `tz`); one schedule per name, replaced on each call. */
  schedule<N extends JobName<C>>(name: N, cron: string, data: JobInput<C, N>, options?: { tz?: string }): Promise<void>;
  unschedule(name: JobName<C>): Promise<void>;
  /** Creates or migrates the engine's tables and the queues, then starts the handlers. */
  start(): Promise<void>;
  /** Stops fetching, lets running handlers finish (at most `timeoutMs`, else they are failed and retried later), releases the engine. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /**
   * Resolves when nothing this process handles is waiting or running (in any process). Retries
   * waiting for their backoff count only with `includeDelayed`. Rejects after `timeoutMs`.
   */
  whenIdle(options?: { timeoutMs?: number; includeDelayed?: boolean }): Promise<void>;
  /** Jobs that failed for good, newest first. */
  failures(options?: { name?: JobName<C>; limit?: number }): Promise<FailedJob[]>;
};
