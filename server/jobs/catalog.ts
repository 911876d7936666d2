import { z } from 'zod';
import type { JobDefinition, JobQueue } from './job-queue';

const job = <Payload extends z.ZodType>(definition: JobDefinition<Payload>) => definition;

/** A mail server that is down for a while: retries after ~30 s, 1, 2, 4 and 8 min (within the link's hour). */
const mailRetries = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, timeoutSeconds: 60 } as const;

/**
 * Every job the app runs, in one place: its name, payload schema and retry rules (README: Jobs).
 * Payloads hold ids and keys, never secrets: job rows are readable in the database for days.
 */
export const appJobs = {
  /** Forgot-password: the account is looked up here, so the answer takes the same time for known and unknown e-mails. */
  'mail.forgot-password': job({ payload: z.object({ email: z.string().max(320) }), ...mailRetries }),
  /** The admin's "Reset password" action: the same mail for a known user. */
  'mail.password-reset': job({ payload: z.object({ userId: z.number().int().positive() }), ...mailRetries }),
};

export type AppJobs = typeof appJobs;
export type AppJobQueue = JobQueue<AppJobs>;
