import { jobSettingsFromEnv } from '../../../server/jobs/settings';

test('job settings: defaults, values from the environment, and a clear refusal of bad ones', () => {
  expect(jobSettingsFromEnv({})).toEqual({ concurrency: 2, pollSeconds: 2 });
  expect(jobSettingsFromEnv({ JOBS_CONCURRENCY: '4', JOBS_POLL_SECONDS: '0.5' })).toEqual({ concurrency: 4, pollSeconds: 0.5 });
  expect(() => jobSettingsFromEnv({ JOBS_CONCURRENCY: '0' })).toThrow('JOBS_CONCURRENCY must be a number from 1 to 50, got "0"');
  expect(() => jobSettingsFromEnv({ JOBS_POLL_SECONDS: '0.1' })).toThrow('JOBS_POLL_SECONDS must be a number from 0.5 to 60, got "0.1"');
  expect(() => jobSettingsFromEnv({ JOBS_CONCURRENCY: 'many' })).toThrow('JOBS_CONCURRENCY must be a number');
});
