import { setupWorker } from 'msw/browser';
import { mockClock } from './clock';
import { seedDemoData } from './demo-data';
import { mockDb, resetMockDb, restoreMockDb, snapshotMockDb, type MockDb } from './db';
import { fixtureUsers } from './fixtures';
import { handlers } from './handlers';
import { simulatedTrackers } from './handlers/trackers';
import { mockOutbox } from './outbox';
import { setMockDbChangeListener } from './persistence';
import { mockScenario } from './scenarios';
import { mockNetwork } from './network';
import { mountNetworkPanel } from './network-panel';
import { mockAccess } from './access/settings';
import { mockSso } from './sso/settings';
import { mockOperatorFaults } from './trackers/operator-faults';

/** Where the browser keeps the mock db between reloads (a reload keeps the session, like the real app). */
export const DB_STORAGE_KEY = 'wellness.mockDb';

/** The db of the last visit, else the fixtures plus a few weeks of demo activity. */
const loadSavedDb = () => {
  try {
    const saved = localStorage.getItem(DB_STORAGE_KEY);
    if (saved) {
      restoreMockDb(JSON.parse(saved) as MockDb);
      return;
    }
  } catch {
    localStorage.removeItem(DB_STORAGE_KEY);
  }
  resetMockDb();
  seedDemoData(mockClock.now());
};

const saveDb = () => {
  try {
    localStorage.setItem(DB_STORAGE_KEY, JSON.stringify(snapshotMockDb()));
  } catch (error) {
    console.warn('[mocks] the mock database is too large to keep across reloads', error);
  }
};

/** QA's console handle: `window.__wellnessMocks`. */
const qaHandle = {
  db: mockDb,
  clock: mockClock,
  scenario: mockScenario,
  /** The simulated connection: `network.goOffline()`, `network.goOnline()` (also the panel in the page's corner). */
  network: mockNetwork,
  /** The sign-up policy (open, domain, invite): `access.set({ signupMode: 'domain', emailDomains: ['acme.com'] })`. */
  access: mockAccess,
  /** Single sign-on: `sso.set({ label: 'Acme SSO', email: 'new.person@wellness.test', passwordSignin: false })`. */
  sso: mockSso,
  /** A provider paused for a set-up fault: `trackers.needsAdministrator('FITBIT', 'api_not_enabled')`, `trackers.clear()`. */
  trackers: mockOperatorFaults,
  outbox: mockOutbox,
  fixtures: fixtureUsers,
  /** Back to the fixtures (and real time); the page reloads. */
  reset: () => {
    localStorage.removeItem(DB_STORAGE_KEY);
    // MSW's own cookie store: drop the refresh cookie of a session that no longer exists.
    localStorage.removeItem('__msw-cookie-store__');
    mockNetwork.reset();
    mockOutbox.clear();
    location.reload();
  },
};

declare global {
  interface Window {
    __wellnessMocks?: typeof qaHandle;
  }
}

/**
 * Starts MSW in the browser (mock mode: `npm run dev:mock`, `npm run build:mock`). Only /api calls
 * are answered; everything else (the app's own files) goes to the network.
 */
export const startMockWorker = async () => {
  loadSavedDb();
  setMockDbChangeListener(saveDb);
  mockOutbox.logToConsole(true);
  mockScenario.applyUrl(location.search);
  mockNetwork.applyUrl(location.search);
  mockAccess.applyUrl(location.search);
  mockSso.applyUrl(location.search);
  mockOperatorFaults.applyUrl(location.search);
  // QA can connect and sync Strava and Fitbit offline against a simulated provider.
  simulatedTrackers.enabled = true;
  window.__wellnessMocks = qaHandle;
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    quiet: true,
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith('/api/')) print.warning();
    },
  });
  if (document.body) mountNetworkPanel();
  else window.addEventListener('DOMContentLoaded', mountNetworkPanel);
  console.info(
    '[mocks] Mock mode: every /api call is answered in the browser. Sign in as admin@wellness.test / Admin123! or bea@wellness.test / Employee123!; see window.__wellnessMocks (outbox, scenario, clock, reset()).',
  );
  return worker;
};
