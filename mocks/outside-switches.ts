import type { TrackerService } from './stand-ins/outside-world';
import { pageStorage } from './storage';

/**
 * QA's switches for the outside world of mock mode (mocks/README.md), kept in localStorage
 * `wellness.mockOutside` until changed, read at start as the server reads its settings:
 * - `?mockSso=on|only|off|down`: company sign-in beside passwords (the default), as the only way in,
 *   not set up, or set up with its provider down;
 * - `?mockTrackers=on|off`: Strava, Fitbit and Polar connectable (the default), or none configured;
 * - `?mockNeedsAdmin=STRAVA,POLAR` / `?mockRefuse=FITBIT` (`off` clears): a provider refuses the
 *   app's own set-up (the administrator's to fix), or refuses the athlete.
 */
const KEY = 'wellness.mockOutside';
const ssoModes = ['on', 'only', 'off', 'down'] as const;
const services: readonly TrackerService[] = ['STRAVA', 'FITBIT', 'POLAR'];

export type OutsideSwitches = { sso: (typeof ssoModes)[number]; trackers: 'on' | 'off'; needsAdmin: TrackerService[]; refuses: TrackerService[] };
const DEFAULTS: OutsideSwitches = { sso: 'on', trackers: 'on', needsAdmin: [], refuses: [] };

const servicesIn = (value: string) => (value === 'off' ? [] : value.split(',').map((name) => name.trim().toUpperCase()).filter((name): name is TrackerService => services.includes(name as TrackerService)));

export const mockOutside = {
  get: (): OutsideSwitches => {
    try {
      return { ...DEFAULTS, ...(JSON.parse(pageStorage()?.getItem(KEY) ?? '{}') as Partial<OutsideSwitches>) };
    } catch {
      return DEFAULTS;
    }
  },
  set: (changes: Partial<OutsideSwitches>) => pageStorage()?.setItem(KEY, JSON.stringify({ ...mockOutside.get(), ...changes })),
  /** Reads the switches of a page URL (browser start-up); an unknown value is refused with a warning. */
  applyUrl: (search: string) => {
    const params = new URLSearchParams(search);
    const sso = params.get('mockSso');
    if (sso !== null) {
      if (ssoModes.includes(sso as OutsideSwitches['sso'])) mockOutside.set({ sso: sso as OutsideSwitches['sso'] });
      else console.warn(`[mocks] unknown ?mockSso=${sso}; use one of ${ssoModes.join(', ')}`);
    }
    const trackers = params.get('mockTrackers');
    if (trackers === 'on' || trackers === 'off') mockOutside.set({ trackers });
    else if (trackers !== null) console.warn(`[mocks] unknown ?mockTrackers=${trackers}; use on or off`);
    const needsAdmin = params.get('mockNeedsAdmin');
    if (needsAdmin !== null) mockOutside.set({ needsAdmin: servicesIn(needsAdmin) });
    const refuses = params.get('mockRefuse');
    if (refuses !== null) mockOutside.set({ refuses: servicesIn(refuses) });
  },
  reset: () => pageStorage()?.removeItem(KEY),
};
