import './stand-ins/node-globals';
import { setupWorker } from 'msw/browser';
import { builtInConfig } from '../server/config-defaults';
import { createTrackers } from '../server/modules/trackers/create-trackers';
import { mockAccess } from './access/settings';
import { mockClock } from './clock';
import { fixtureUsers } from './fixtures';
import { apiHandler } from './host/api-handler';
import { mockCookieJar } from './host/cookie-jar';
import { createMockApi, type MockApi } from './host/mock-api';
import { mountNetworkPanel } from './network-panel';
import { mockNetwork } from './network';
import { mockOutbox } from './outbox';
import { mockOutside } from './outside-switches';
import { openMockModeDb } from './runtime/mock-database';
import { inPageAppJobQueue } from './runtime/job-runner';
import { outboxMailer } from './runtime/outbox-mailer';
import { mockScenario } from './scenarios';
import { memoryMetrics } from './stand-ins/metrics';
import { outsideWorld, type OutsideWorld } from './stand-ins/outside-world';
import { wasmPasswords } from './stand-ins/passwords';
import { memoryPhotoStore } from './stand-ins/photos';
import { isProviderPage, showProviderPage } from './stand-ins/provider-page';

/**
 * Mock mode (`npm run dev:mock`, `npm run build:mock`): the server's own route table, services and
 * SQL run in this page, on PGlite kept in IndexedDB, behind MSW. Only what needs Node is replaced:
 * argon2 in WebAssembly, photos in memory, mail into the outbox, jobs run by the page, and the
 * outside world (the identity provider, the fitness services) answering in the page.
 */
const startApi = async (outside: OutsideWorld) => {
  const database = await openMockModeDb();
  // A job's writes (a confirmation token, a mail's record) are saved like a request's: a reload right after keeps them.
  const jobs = inPageAppJobQueue(database.db, { afterRun: database.flush });
  const switches = mockOutside.get();
  await outside.applyFaults(switches, switches.sso === 'down');
  const config = builtInConfig(
    { dataDir: '/mock', staticDir: '/mock' },
    {
      appOrigin: location.origin,
      logLevel: 'error',
      trackerSyncEveryMinutes: 0,
      oidc: switches.sso === 'off' ? null : outside.oidc,
      passwordSignin: switches.sso !== 'only',
      ...(switches.trackers === 'on' ? outside.trackers : {}),
    },
  );
  // QA's sign-up switch is read on every request, as the server reads SIGNUP_MODE at start.
  Object.defineProperty(config, 'signup', { get: () => ({ ...mockAccess.policy(), fromEnvironment: true }) });
  const api = await createMockApi({
    db: database.db,
    clock: mockClock,
    config,
    mailer: outboxMailer(),
    jobs,
    passwords: wasmPasswords,
    photos: memoryPhotoStore(),
    metrics: memoryMetrics(),
    trackers: switches.trackers === 'on' ? createTrackers(config, database.db, mockClock) : undefined,
    afterWrite: database.flush,
  });
  await jobs.start();
  // As the server after its start: Polar's signed webhook is created once (the stand-in pings this page's API first).
  // Soon, not 5 s later: a page left while the job runs would keep the webhook at the stand-in but not its secret here.
  if (switches.trackers === 'on') await jobs.send('trackers.webhook-setup', {}, { singletonKey: 'start', startAfter: 1 });
  return { api, database, outside };
};

type Started = Awaited<ReturnType<typeof startApi>>;

/** QA's console handle: `window.__wellnessMocks`. */
const qaHandle = (started: Started) => ({
  /** SQL on mock mode's database: `await __wellnessMocks.sql('select email from users')`. */
  sql: async (query: string) => (await started.database.pglite.query(query)).rows,
  clock: mockClock,
  scenario: mockScenario,
  /** The simulated connection: `network.goOffline()`, `network.goOnline()` (also the panel in the page's corner). */
  network: mockNetwork,
  /** The sign-up policy (open, domain, invite): `access.set({ signupMode: 'domain', emailDomains: ['acme.com'] })`. */
  access: mockAccess,
  /** The outside world's switches (`outside.set({ sso: 'only' })`, then reload) and a workout just recorded at a provider: `outside.addWorkout('STRAVA', 45)`. */
  outside: { ...mockOutside, addWorkout: started.outside.addWorkout },
  outbox: mockOutbox,
  fixtures: fixtureUsers,
  /** Back to the fixtures and demo data (and real time); the page reloads. */
  reset: async () => {
    await started.database.reset();
    // The page's cookies: drop the refresh cookie of a session that no longer exists.
    mockCookieJar.clear();
    // The providers' grants and codes belong to the database's connections.
    started.outside.reset();
    mockNetwork.reset();
    mockOutbox.clear();
    mockClock.set(null);
    location.reload();
  },
});

export { mockClock };

declare global {
  interface Window {
    __wellnessMocks?: ReturnType<typeof qaHandle>;
  }
}

/** Starts mock mode before the app's first request. Only /api calls are answered; the app's own files go to the network. */
export const startMockWorker = async () => {
  const outside = outsideWorld(location.origin, mockClock);
  // A provider's page is not the app: it is shown instead, and the app never starts in it.
  if (isProviderPage(location.pathname)) {
    showProviderPage(outside);
    return new Promise<never>(() => undefined);
  }
  // The server's code reaches the providers through fetch: the page's stand-ins answer those addresses.
  outside.install();
  mockOutbox.logToConsole(true);
  mockScenario.applyUrl(location.search);
  mockNetwork.applyUrl(location.search);
  mockAccess.applyUrl(location.search);
  mockOutside.applyUrl(location.search);
  const starting = startApi(outside);
  const api = async (): Promise<MockApi> => (await starting).api;
  const worker = setupWorker(apiHandler(api));
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    quiet: true,
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith('/api/')) print.warning();
    },
  });
  // The app renders meanwhile; its first /api call waits for the database.
  void starting.then((started) => {
    window.__wellnessMocks = qaHandle(started);
  });
  if (document.body) mountNetworkPanel();
  else window.addEventListener('DOMContentLoaded', mountNetworkPanel);
  console.info(
    '[mocks] Mock mode: the API runs in this page. Sign in as admin@wellness.test / Admin123! or bea@wellness.test / Employee123!; see window.__wellnessMocks (outbox, scenario, clock, sql, reset()).',
  );
  return worker;
};
