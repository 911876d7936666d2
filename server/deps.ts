import type { Clock } from '@/domain/clock';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Mailer } from '@/domain/mail';
import type { SessionLiveness } from './http/session-liveness';
import type { AfterResponseQueue } from './http/after-response';
import type { TrackerProviders } from './trackers/providers/types';
import type { AppJobQueue } from './jobs/catalog';

/** Everything a module needs, injected once through buildApp (tests swap any of these). */
export type AppDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  trackers: TrackerProviders;
  /** Rejects access tokens whose sign-in ended (sign-out, reset, deletion, role change). */
  sessionLiveness: SessionLiveness;
  /** Work done after the response is sent (e.g. the forgot-password mail). */
  afterResponse: AfterResponseQueue;
  /** Durable background work (mails, tracker syncs): server/jobs/catalog.ts lists every job. */
  jobs: AppJobQueue;
};
