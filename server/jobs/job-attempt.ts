import type { JobContext, JobDefinition, JobHandler } from './job-queue';

type AttemptLog = { warn: (fields: object, message: string) => void; error: (fields: object, message: string) => void };

/** What an engine knows of the job it is about to run. */
export type DueJob = { id: string; name: string; data: unknown; retryCount: number; retryLimit: number };

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One attempt of a job, as every job queue runs it (pg-boss on the server, the page's in mock mode):
 * the payload checked again, the handler given its context and a signal that aborts at the job's
 * timeout (or when `running`'s owner aborts it on stop). A failure is logged, a warning while a
 * retry follows and an error when it was the last, and returned (null: the attempt worked).
 */
export const runAttempt = async (entry: JobDefinition, handler: JobHandler<unknown>, job: DueJob, running: Map<string, AbortController>, log: AttemptLog) => {
  const controller = new AbortController();
  running.set(job.id, controller);
  const context: JobContext = { id: job.id, name: job.name, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit, signal: controller.signal };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const data = entry.payload.parse(job.data);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => controller.abort(new Error(`timed out after ${entry.timeoutSeconds} s`)), entry.timeoutSeconds * 1000);
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error));
    });
    await Promise.race([handler(data, context), timeout]);
    return { context, error: null };
  } catch (error) {
    const fields = { job: job.name, jobId: job.id, attempt: context.attempt, attempts: job.retryLimit + 1, err: error };
    if (context.lastAttempt) log.error(fields, 'job failed for good');
    else log.warn(fields, 'job attempt failed; it will be retried');
    return { context, error: error ?? new Error('the job failed') };
  } finally {
    clearTimeout(timer);
    running.delete(job.id);
  }
};

/** The stop's default: running handlers get this long to finish. */
export const DEFAULT_STOP_TIMEOUT_MS = 3000;

/**
 * On stop: lets `work` (the running attempts) finish within `timeoutMs`, then aborts every attempt
 * still running (each fails, so a later start retries it). Resolves to the ids it aborted.
 */
export const finishOrAbort = async (work: Promise<unknown>, running: Map<string, AbortController>, timeoutMs = DEFAULT_STOP_TIMEOUT_MS) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = await Promise.race([work.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))]);
  clearTimeout(timer);
  if (!gaveUp) return [];
  const aborted = [...running.keys()];
  for (const controller of running.values()) controller.abort(new Error('the job queue stopped while this job ran'));
  return aborted;
};
