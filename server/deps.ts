import type { Clock } from '@/domain/clock';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Mailer } from '@/domain/mail';
import type { SessionLiveness } from './http/session-liveness';
import type { AfterResponseQueue } from './http/after-response';
import type { TrackerProviders } from './trackers/providers/types';
import type { AppJobQueue } from './jobs/catalog';
import type { PasswordHasher } from './passwords/password-hasher';
import type { PhotoStore } from './http/photo-storage';
import type { ServiceMetrics } from './metrics/service-metrics';

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
  /** argon2id in PHC strings: native in Node (passwords/argon2.ts), WebAssembly in the browser host. */
  passwords: PasswordHasher;
  /** Uploaded photos by stored name: DATA_DIR/uploads in Node (photos/disk-photo-store.ts). */
  photos: PhotoStore;
  /** Counters services bump: prom-client in Node (metrics/shared-metrics.ts), none or in memory elsewhere. */
  metrics: ServiceMetrics;
};
