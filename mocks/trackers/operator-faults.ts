import { apiTypes, OperatorFault, type ApiType } from '@/contract/trackers';
import { mockClock } from '../clock';

/**
 * A provider paused for a fault of the app's own set-up, in mock mode (mocks/README.md), so QA can
 * see the admin panel's "Needs the administrator" and the employee's "Syncing with ... is paused"
 * without a real provider: `?mockNeedsAdmin=FITBIT:api_not_enabled`, `?mockNeedsAdmin=STRAVA`
 * (app_suspended), `?mockNeedsAdmin=off`; or `window.__wellnessMocks.trackers.needsAdministrator('STRAVA', 'invalid_client')`
 * and `.clear()`. Kept in localStorage `wellness.mockTrackerFaults` until changed, like a set-up
 * stays wrong until the administrator fixes it.
 */
const TRACKER_FAULTS_STORAGE_KEY = 'wellness.mockTrackerFaults';

type MockOperatorFault = { reason: OperatorFault; since: string };
type Faults = Partial<Record<ApiType, MockOperatorFault>>;

/** What each provider most likely says when QA names none. */
const DEFAULT_REASON: Record<ApiType, OperatorFault> = { STRAVA: 'app_suspended', FITBIT: 'api_not_enabled' };

const storage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

let current: Faults = {};

const load = (): Faults => {
  try {
    const stored = JSON.parse(storage()?.getItem(TRACKER_FAULTS_STORAGE_KEY) ?? 'null') as Faults | null;
    if (stored && typeof stored === 'object') return stored;
  } catch {
    storage()?.removeItem(TRACKER_FAULTS_STORAGE_KEY);
  }
  return current;
};

const save = (faults: Faults) => {
  current = faults;
  storage()?.setItem(TRACKER_FAULTS_STORAGE_KEY, JSON.stringify(faults));
};

export const mockOperatorFaults = {
  /** The fault `service` is paused for, or null (the handlers ask on every call). */
  of: (service: ApiType): MockOperatorFault | null => load()[service] ?? null,
  needsAdministrator: (service: ApiType, reason: OperatorFault = DEFAULT_REASON[service]) => {
    if (!apiTypes.includes(service)) throw new Error(`Unknown service "${String(service)}"; use one of ${apiTypes.join(', ')}`);
    if (!OperatorFault.safeParse(reason).success) throw new Error(`Unknown fault "${String(reason)}"; use one of ${OperatorFault.options.join(', ')}`);
    save({ ...load(), [service]: { reason, since: mockClock.now().toISOString() } });
  },
  /** The administrator fixed it: one service, or both. */
  clear: (service?: ApiType) => {
    const faults = { ...load() };
    for (const type of service ? [service] : apiTypes) delete faults[type];
    save(faults);
  },
  reset: () => {
    current = {};
    storage()?.removeItem(TRACKER_FAULTS_STORAGE_KEY);
  },
  /** Reads `?mockNeedsAdmin=SERVICE[:reason][,SERVICE[:reason]]` or `off` (browser start-up). */
  applyUrl: (search: string) => {
    const value = new URLSearchParams(search).get('mockNeedsAdmin');
    if (value === null) return;
    mockOperatorFaults.clear();
    if (value === '' || value === 'off') return;
    for (const part of value.split(',')) {
      const [service = '', reason] = part.trim().split(':');
      try {
        mockOperatorFaults.needsAdministrator(service.toUpperCase() as ApiType, (reason || undefined) as OperatorFault | undefined);
      } catch (error) {
        console.warn(`[mocks] ?mockNeedsAdmin=${value}: ${(error as Error).message}`);
      }
    }
  },
};
