/**
 * QA switches that change how the mocks answer, without editing code (mocks/README.md):
 * - one-shot: `?mock=<scenario>` in the page URL, localStorage `wellness.mockScenario`, or
 *   `window.__wellnessMocks.scenario.next('<scenario>')`; applied to the NEXT api call, then cleared
 *   (`expired-session` waits for the next call that needs a signed-in user);
 * - persistent latency: `?mockLatency=<ms>` or localStorage `wellness.mockLatency` (0 turns it off).
 */
export const scenarios = ['server-error', 'slow', 'expired-session', 'network-error'] as const;
export type Scenario = (typeof scenarios)[number];

export const SCENARIO_STORAGE_KEY = 'wellness.mockScenario';
export const LATENCY_STORAGE_KEY = 'wellness.mockLatency';
/** How long the one-shot `slow` scenario holds its answer. */
export const SLOW_SCENARIO_MS = 3000;

const isScenario = (value: unknown): value is Scenario => scenarios.includes(value as Scenario);

/** localStorage when there is one (browser, jsdom); plain memory otherwise (node tests). */
const storage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

let pending: Scenario | null = null;
let latencyMs = 0;

export const mockScenario = {
  /** Arms a scenario for the next call. */
  next: (scenario: Scenario | null) => {
    if (scenario !== null && !isScenario(scenario))
      throw new Error(`Unknown mock scenario "${String(scenario)}"; use one of ${scenarios.join(', ')}`);
    pending = scenario;
    const store = storage();
    if (scenario) store?.setItem(SCENARIO_STORAGE_KEY, scenario);
    else store?.removeItem(SCENARIO_STORAGE_KEY);
  },
  peek: (): Scenario | null => {
    const stored = storage()?.getItem(SCENARIO_STORAGE_KEY);
    return isScenario(stored) ? stored : pending;
  },
  /** Takes the armed scenario if it applies to this call (`expired-session` only to authenticated calls). */
  take: (call: { authenticated: boolean }): Scenario | null => {
    const scenario = mockScenario.peek();
    if (!scenario || (scenario === 'expired-session' && !call.authenticated)) return null;
    mockScenario.next(null);
    return scenario;
  },
  latency: () => {
    const stored = Number(storage()?.getItem(LATENCY_STORAGE_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : latencyMs;
  },
  setLatency: (ms: number) => {
    latencyMs = Math.max(0, ms);
    const store = storage();
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
    mockScenario.next(null);
    mockScenario.setLatency(0);
  },
};
