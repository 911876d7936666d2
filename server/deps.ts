import type { Clock } from '@/domain/clock';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Mailer } from '@/domain/mail';
import type { SessionLiveness } from './http/session-liveness';
import type { AfterResponseQueue } from './http/after-response';
import type { Trackers } from './trackers/trackers';

/** Everything a module needs, injected once through buildApp (tests swap any of these). */
export type AppDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  trackers: Trackers;
  /** Rejects access tokens whose sign-in ended (sign-out, reset, deletion, role change). */
  sessionLiveness: SessionLiveness;
  /** Work done after the response is sent (e.g. the forgot-password mail). */
  afterResponse: AfterResponseQueue;
  /**
   * The forgot-password mail (the auth module's), for other modules that send it (an admin's
   * 'Reset password'): wired in buildApp, so modules never import each other both ways.
   */
  passwordResetMail: (user: { id: number; email: string; firstName: string }) => Promise<void>;
};
