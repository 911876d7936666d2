import { setupServer } from 'msw/node';
import type { Mailer } from '@/domain/mail';
import { currentCompetitionYear } from '@/domain/competition';
import { testConfig, type AppConfig } from '../../server/config';
import type { AppDeps } from '../../server/deps';
import type { AppJobQueue } from '../../server/jobs/catalog';
import { argon2Passwords } from '../../server/passwords/argon2';
import { mockAccess } from '../../mocks/access/settings';
import { mockClock } from '../../mocks/clock';
import { apiHandler } from '../../mocks/host/api-handler';
import { mockCookieJar } from '../../mocks/host/cookie-jar';
import { consoleLogger } from '../../mocks/host/logger';
import { createMockApi, type MockApi } from '../../mocks/host/mock-api';
import { mockOutbox } from '../../mocks/outbox';
import { inPageAppJobQueue } from '../../mocks/runtime/job-runner';
import { seedFixtureUsers } from '../../mocks/seed/users';
import { memoryMetrics } from '../../mocks/stand-ins/metrics';
import { memoryPhotoStore } from '../../mocks/stand-ins/photos';
import { resetDatabase, testDatabase } from '../server/helpers/test-app';
import { takeTableSnapshot } from './table-snapshot';

const outboxMailer: Mailer = {
  send: async (message) => {
    mockOutbox.send(message);
  },
};

export type MockHostSettings = Partial<AppConfig> & {
  /** The trackers' providers (e.g. tests/server/trackers' fakes); none by default. */
  trackers?: AppDeps['trackers'];
};

/**
 * Mock mode in Node: the server's route table hosted by MSW (mocks/host) over the test file's
 * database, with mock mode's clock (mockClock), outbox (mockOutbox) and sign-up switch (mockAccess).
 * For the contract suite's `mocks` target and the client tests. Each reset starts from the fixture
 * users: seeded once per competition year, then put back from a snapshot of the tables.
 */
export const nodeMockHost = ({ joinedAt = (now: Date) => now }: { /** When the fixture people joined (default: the test's now, as the contract's server target seeds them). */ joinedAt?: (now: Date) => Date } = {}) => {
  let api: MockApi | undefined;
  let jobs: AppJobQueue | undefined;
  let seeded: { year: number; restore: () => Promise<void> } | undefined;
  const log = consoleLogger();
  const server = setupServer(
    apiHandler(async () => {
      if (!api) throw new Error('mock host: call reset() first');
      return api;
    }),
  );
  /** The fixture users as of mockClock's now (their level rows depend on the competition year). */
  const restoreFixtures = async () => {
    const now = mockClock.now();
    const database = await testDatabase();
    const year = currentCompetitionYear(now);
    if (seeded?.year === year) {
      await seeded.restore();
      // As seedFixtureUsers writes them, at this test's now (no trigger: the seed's rows, not an edit).
      await database.executeSql(`begin; set local session_replication_role = replica; update users set created_at = '${joinedAt(now).toISOString()}', updated_at = '${now.toISOString()}'; commit`);
      return database;
    }
    await resetDatabase(database);
    await seedFixtureUsers(database.db, now, joinedAt(now));
    seeded = { year, ...(await takeTableSnapshot(database)) };
    return database;
  };
  return {
    server,
    /** Fixture users only, an empty outbox, no cookies, the settings over the test defaults (sign-up from mockAccess), `trackers`. */
    reset: async ({ trackers, ...config }: MockHostSettings = {}) => {
      // A previous test's last job must not write into this one.
      await jobs?.stop();
      const database = await restoreFixtures();
      mockOutbox.clear();
      mockCookieJar.clear();
      jobs = inPageAppJobQueue(database.db);
      const settings = testConfig(config);
      // QA's sign-up switch is read on every request, as the server reads SIGNUP_MODE at start.
      if (!config.signup) Object.defineProperty(settings, 'signup', { get: () => ({ ...mockAccess.policy(), fromEnvironment: true }) });
      // The browser's stand-ins for photos and counters; passwords on the native argon2 (the WebAssembly one is
      // ~10x slower here and held to the same hashes by tests/unit/password-hashers.test.ts).
      api = await createMockApi({ db: database.db, clock: mockClock, config: settings, mailer: outboxMailer, jobs, trackers, log, passwords: argon2Passwords, photos: memoryPhotoStore(), metrics: memoryMetrics() });
      await jobs.start();
    },
    /** After-response work and jobs (mail) have finished. */
    idle: async () => {
      await api?.deps.afterResponse.idle();
      await jobs?.whenIdle();
    },
    /** The database the host serves, for a test's arrangements and checks. */
    db: async () => (await testDatabase()).db,
    stop: async () => {
      await jobs?.stop();
    },
  };
};
