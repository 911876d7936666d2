import type { HttpHandler } from 'msw';
import { systemEndpoints } from '@/contract/system';
import { mockRoute } from '../http';

/** Health and readiness always answer in the browser; no tracker is configured in mock mode. */
export const systemHandlers: HttpHandler[] = [
  mockRoute(systemEndpoints.health, () => ({ status: 'ok' as const })),
  mockRoute(systemEndpoints.ready, () => ({ status: 'ready' as const })),
  mockRoute(systemEndpoints.config, () => ({ strava: null, fitbit: null })),
];
