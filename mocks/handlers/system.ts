import type { HttpHandler } from 'msw';
import { systemEndpoints } from '@/contract/system';
import { mockRoute } from '../http';
import { simulatedTrackers } from './trackers';

/** Health and readiness always answer in the browser; trackers are offered only by the simulated provider. */
export const systemHandlers: HttpHandler[] = [
  mockRoute(systemEndpoints.health, () => ({ status: 'ok' as const })),
  mockRoute(systemEndpoints.ready, () => ({ status: 'ready' as const })),
  // The simulated provider of QA mode offers both services (handlers/trackers.ts).
  mockRoute(systemEndpoints.config, () =>
    simulatedTrackers.enabled
      ? { strava: { clientId: 'simulated', authorizeUrl: '/strava' }, fitbit: { clientId: 'simulated', authorizeUrl: '/fitbit' } }
      : { strava: null, fitbit: null },
  ),
];
