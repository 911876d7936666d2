import { distrustFileDatabase, stopLastTestAppJobs, replaceDistrustedDatabase } from '../server/helpers/test-app';

// A setup file of the projects that build test apps; a worker's files share one database (isolate: false).
// When a file ends, its last app's job queue stops, so it cannot take the next file's jobs
// (two-instances.test.ts lost mails to it).
// A test that failed, above all one that timed out, may still be running: Vitest cannot stop a
// promise, and a timed-out body goes on writing. The next file then gets a fresh database, or one
// property test's run-away shrinking made nine later files fail on rows they never wrote (CI, 2026-12-07).
beforeEach(({ onTestFailed }) => onTestFailed(distrustFileDatabase));
afterAll(async () => {
  await stopLastTestAppJobs();
  await replaceDistrustedDatabase();
});
