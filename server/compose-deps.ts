import type { AppDeps } from './deps';
import { afterResponseQueue } from './http/after-response';
import { sessionLiveness } from './http/session-liveness';
import type { Logger } from './logger';
import { noTrackers } from './trackers/providers/types';

/** What a host chooses (Node's buildApp or mock mode's browser host); trackers default to none. */
export type HostParts = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'jobs' | 'passwords' | 'photos' | 'metrics'> & Partial<Pick<AppDeps, 'trackers'>>;

/**
 * The one assembly of AppDeps for both hosts: what is the same everywhere (session liveness, the
 * after-response queue) is made here, so neither host can build it differently. Browser-safe.
 */
export const composeDeps = (parts: HostParts, log: () => Logger): AppDeps => ({
  ...parts,
  trackers: parts.trackers ?? noTrackers,
  sessionLiveness: sessionLiveness(parts.db),
  afterResponse: afterResponseQueue(log),
});
