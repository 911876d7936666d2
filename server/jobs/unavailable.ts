import type { AppJobQueue } from './catalog';

const missing = () => Promise.reject(new Error('this app was built without a job queue (pass `jobs` to buildApp)'));

/** For apps built without a queue (benchmarks of read paths): registering handlers is fine, sending fails loudly. */
export const jobsUnavailable: AppJobQueue = {
  send: missing,
  work: () => undefined,
  schedule: missing,
  unschedule: missing,
  start: () => Promise.resolve(),
  stop: () => Promise.resolve(),
  whenIdle: () => Promise.resolve(),
  failures: () => Promise.resolve([]),
};
