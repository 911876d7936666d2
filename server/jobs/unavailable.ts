import type { AppJobQueue } from './catalog';

const missing = () => Promise.reject(new Error('this app was built without a job queue (pass `jobs` to buildApp)'));

/** For apps built without a queue (benchmarks of read paths): registering handlers and schedules is fine, sending fails loudly. */
export const jobsUnavailable: AppJobQueue = {
  send: missing,
  work: () => undefined,
  schedule: () => Promise.resolve(),
  unschedule: missing,
  start: () => Promise.resolve(),
  stop: () => Promise.resolve(),
  whenIdle: () => Promise.resolve(),
  failures: () => Promise.resolve([]),
};
