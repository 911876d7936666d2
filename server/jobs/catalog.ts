import { z } from 'zod';
import { ApiType, StravaEvent } from '@/contract/trackers';
import type { JobDefinition, JobQueue } from './job-queue';

const job = <Payload extends z.ZodType>(definition: JobDefinition<Payload>) => definition;

/** A mail server that is down for a while: retries after ~30 s, 1, 2, 4 and 8 min (within the link's hour). */
const mailRetries = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, timeoutSeconds: 60 } as const;

/**
 * Every job the app runs, in one place: its name, payload schema and retry rules (docs/architecture.md#jobs).
 * Payloads hold ids and keys, never secrets: job rows are readable in the database for days.
 *
 * Adding one: an entry here; `deps.jobs.work(name, handler)` in a `register...Jobs(deps)` called from
 * buildApp (like modules/auth/mail-jobs.ts); `deps.jobs.send(name, data)` where it happens (with `{ tx }`
 * inside a transaction). Per-user work that must not pile up: `policy: 'stately'` and send with a
 * `singletonKey` such as "strava:42". Periodic work: `deps.jobs.schedule(name, '17 * * * *', data)`
 * next to the `work` call (applied when the queue starts).
 */
/** Tracker work: a failure (provider down) is retried with backoff; a busy provider's window is waited for by a new job sent with `startAfter`. */
const trackerRetries = { retryLimit: 4, retryDelaySeconds: 60, retryBackoff: true } as const;

/** A Strava webhook event as Strava posts it (ids only, never a token): the contract's schema, checked again before the handler. */
const StravaEventPayload = StravaEvent;

export const appJobs = {
  /** Forgot-password: the account is looked up here, so the answer takes the same time for known and unknown e-mails. */
  'mail.forgot-password': job({ payload: z.object({ email: z.string().max(320) }), ...mailRetries }),
  /** The admin's "Reset password" action: the same mail for a known user. */
  'mail.password-reset': job({ payload: z.object({ userId: z.number().int().positive() }), ...mailRetries }),
  /** A self-made account's confirmation link (at sign-up and on 'Send the link again'). */
  'mail.confirm-email': job({ payload: z.object({ userId: z.number().int().positive() }), ...mailRetries }),
  /** Invitation mails (one invitee or a slice of an imported roster): ids only, each mail with a fresh link. */
  'mail.invitations': job({ payload: z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }), ...mailRetries }),
  /** Import from one provider for one employee (backfill, 'Sync now', retries, the periodic sync): one waiting and one running per user and provider. */
  'trackers.sync': job({
    payload: z.object({ userId: z.number().int().positive(), service: ApiType, countsQuota: z.boolean().default(false), background: z.boolean().default(false) }),
    ...trackerRetries,
    timeoutSeconds: 600,
    policy: 'stately',
  }),
  /** One Strava webhook event queued by an earlier version: moved into the inbox. */
  'trackers.strava-event': job({ payload: StravaEventPayload, ...trackerRetries, timeoutSeconds: 120 }),
  /** Tries again the withdrawals at providers that failed (modules/trackers/revoke-retries.ts). */
  'trackers.revokes': job({ payload: z.object({}), retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, timeoutSeconds: 600, policy: 'stately' }),
  /** Applies the Strava events kept in the inbox that are due (each waits there until applied; trackers/providers/strava/inbox.ts). */
  /** Creates the signed webhooks of the providers that have none yet (Polar), after start: the provider pings us first. */
  'trackers.webhook-setup': job({ payload: z.object({}), retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, timeoutSeconds: 120, policy: 'singleton' }),
  'trackers.strava-inbox': job({ payload: z.object({}), retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, timeoutSeconds: 600, policy: 'stately' }),
  /** A change of scoring values: stores `rules` and rescores from `fromYear` (modules/scoring/jobs.ts); one at a time. */
  'scores.rebuild': job({
    payload: z.object({
      fromYear: z.number().int(),
      rules: z.object({ pointsPerMinute: z.number().int(), dailySteps: z.number().int(), event: z.number().int(), eventTopThree: z.number().int(), quarterlyBonus: z.number().int(), dailyMinutesCap: z.number().int().nullable() }),
      changes: z.array(z.string()),
    }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    timeoutSeconds: 3600,
    policy: 'singleton',
  }),
  /** The safety net: queues a sync of every working connection (on a cron schedule). */
  'trackers.sync-all': job({ payload: z.object({}), retryLimit: 1, retryDelaySeconds: 300, retryBackoff: false, timeoutSeconds: 600, policy: 'singleton' }),
  /** 'Download my data': builds the archive of one export row (modules/privacy/export-job.ts). */
  'privacy.export': job({ payload: z.object({ exportId: z.number().int().positive() }), retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, timeoutSeconds: 300 }),
  /** Hourly: removes data exports past their 24 hours (the archives hold personal data). */
  'privacy.purge-exports': job({ payload: z.object({}), retryLimit: 1, retryDelaySeconds: 300, retryBackoff: false, timeoutSeconds: 300, policy: 'singleton' }),
  /** A scheduled backup into BACKUP_DIR, then the oldest archives beyond BACKUP_KEEP removed (docs/operations.md). */
  'ops.backup': job({ payload: z.object({}), retryLimit: 2, retryDelaySeconds: 600, retryBackoff: false, timeoutSeconds: 3600, policy: 'singleton' }),
};

export type AppJobs = typeof appJobs;
export type AppJobQueue = JobQueue<AppJobs>;
