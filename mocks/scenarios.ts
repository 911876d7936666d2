import { accessEndpoints } from '@/contract/access';
import { authEndpoints } from '@/contract/auth';
import { privacyEndpoints } from '@/contract/privacy';
import { profileEndpoints } from '@/contract/profile';
import { trackersEndpoints } from '@/contract/trackers';
import { pageStorage } from './storage';

/**
 * QA switches that change how the mocks answer, without editing code (mocks/README.md):
 * - one-shot: `?mock=<scenario>` in the page URL, localStorage `wellness.mockScenario`, or
 *   `window.__wellnessMocks.scenario.next('<scenario>')`; applied to the NEXT api call a person's
 *   action makes, then cleared (`expired-session` waits for the next call that needs a signed-in user;
 *   `server-error` and `network-error` pass over the app's own background calls and also answer
 *   that request's one automatic retry, so the failure is what the person sees; no switch applies
 *   to a call from a provider's stand-in);
 * - persistent latency: `?mockLatency=<ms>` or localStorage `wellness.mockLatency` (0 turns it off).
 */
export const scenarios = ['server-error', 'slow', 'expired-session', 'network-error'] as const;
export type Scenario = (typeof scenarios)[number];

export const SCENARIO_STORAGE_KEY = 'wellness.mockScenario';
export const LATENCY_STORAGE_KEY = 'wellness.mockLatency';
/** How long the one-shot `slow` scenario holds its answer. */
export const SLOW_SCENARIO_MS = 3000;

const isScenario = (value: unknown): value is Scenario => scenarios.includes(value as Scenario);

/** `METHOD /path` as the contract names an endpoint. */
const callOf = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

/**
 * Calls the app makes by itself (`METHOD /path` as in the contract): the session restore at every
 * page load and token refresh, the sign-up options on the login page, the confirmation banner's
 * status, the profile read again when the tab gets the focus back, and the polls of a data export,
 * of a tracker's first import (every 2 s) and of the admin's tracker panel. A failure switch waits
 * for the next call that is not one of these.
 */
export const BACKGROUND_CALLS: ReadonlySet<string> = new Set(
  [
    authEndpoints.refresh,
    accessEndpoints.options,
    accessEndpoints.confirmation,
    profileEndpoints.profile,
    privacyEndpoints.exportStatus,
    trackersEndpoints.apis,
    trackersEndpoints.adminStatus,
  ].map(callOf),
);
/**
 * Calls the providers' stand-ins make into the page (webhook checks and deliveries, e.g. Polar's
 * ping when the webhook is created a second after start): no person's action, so no switch applies.
 */
export const OUTSIDE_CALLS: ReadonlySet<string> = new Set(
  [trackersEndpoints.stravaWebhookValidation, trackersEndpoints.stravaWebhookEvent, trackersEndpoints.providerWebhook].map(callOf),
);
const failures = new Set<Scenario>(['server-error', 'network-error']);
/** The automatic retry of a failed call (TanStack Query retries a read once) comes within this time. */
const RETRY_WINDOW_MS = 10_000;

/** A failure taken by one request: its next attempt (the automatic retry) fails the same way. */
let retryFails: { request: string; scenario: Scenario; until: number } | null = null;

let pending: Scenario | null = null;
let latencyMs = 0;

export const mockScenario = {
  /** Arms a scenario for the next call. */
  next: (scenario: Scenario | null) => {
    if (scenario !== null && !isScenario(scenario))
      throw new Error(`Unknown mock scenario "${String(scenario)}"; use one of ${scenarios.join(', ')}`);
    pending = scenario;
    const store = pageStorage();
    if (scenario) store?.setItem(SCENARIO_STORAGE_KEY, scenario);
    else store?.removeItem(SCENARIO_STORAGE_KEY);
  },
  peek: (): Scenario | null => {
    const stored = pageStorage()?.getItem(SCENARIO_STORAGE_KEY);
    return isScenario(stored) ? stored : pending;
  },
  /**
   * Takes the armed scenario if it applies to this call: `expired-session` only to authenticated
   * calls, a failure not to background calls. `endpoint` is `METHOD /contract/path`, `request` the
   * method and URL of this very request (its retry has the same).
   */
  take: (call: { authenticated: boolean; endpoint: string; request: string }): Scenario | null => {
    if (retryFails && retryFails.request === call.request && performance.now() < retryFails.until) {
      const { scenario } = retryFails;
      retryFails = null;
      return scenario;
    }
    const scenario = mockScenario.peek();
    if (!scenario || OUTSIDE_CALLS.has(call.endpoint) || (scenario === 'expired-session' && !call.authenticated)) return null;
    if (failures.has(scenario) && BACKGROUND_CALLS.has(call.endpoint)) return null;
    mockScenario.next(null);
    if (failures.has(scenario)) retryFails = { request: call.request, scenario, until: performance.now() + RETRY_WINDOW_MS };
    return scenario;
  },
  latency: () => {
    const stored = Number(pageStorage()?.getItem(LATENCY_STORAGE_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : latencyMs;
  },
  setLatency: (ms: number) => {
    latencyMs = Math.max(0, ms);
    const store = pageStorage();
    if (latencyMs > 0) store?.setItem(LATENCY_STORAGE_KEY, String(latencyMs));
    else store?.removeItem(LATENCY_STORAGE_KEY);
  },
  /** Reads `?mock=` and `?mockLatency=` from a page URL (browser start-up). */
  applyUrl: (search: string) => {
    const params = new URLSearchParams(search);
    const scenario = params.get('mock');
    if (scenario && isScenario(scenario)) mockScenario.next(scenario);
    // `offline` and `online` switch the simulated connection (mocks/network.ts), not a one-shot scenario.
    else if (scenario && scenario !== 'offline' && scenario !== 'online') console.warn(`[mocks] unknown ?mock=${scenario}; use one of ${scenarios.join(', ')}`);
    const latency = params.get('mockLatency');
    if (latency !== null) mockScenario.setLatency(Number(latency) || 0);
  },
  reset: () => {
    retryFails = null;
    mockScenario.next(null);
    mockScenario.setLatency(0);
  },
};
