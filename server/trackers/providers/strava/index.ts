import { trackerMessages } from '@/domain/tracker-errors';
import { defineProvider } from '../capabilities';
import { createStravaClient, STRAVA_SCOPES } from './client';
import { registerStravaWebhook } from './webhook-routes';

/**
 * Strava (API v3): webhooks are the truth (its own inbox, inbox.ts in this folder),
 * its lists are not authoritative, background reads are paced under the day's webhook reserve.
 */
export const stravaProvider = defineProvider({
  apiType: 'STRAVA',
  capabilities: {
    delivery: 'push',
    authoritativeListing: null,
    scopeReportedOn: 'returnUrl',
    reconnectOn: { forbidden: false, gone: false },
    forbiddenMessage: trackerMessages.stravaForbidden,
    budgetName: 'strava',
    pacedBackground: true,
    scopes: STRAVA_SCOPES,
  },
  settingsOf: (config) => config.strava,
  athleteLimitOf: (config) => config.strava?.athleteLimit ?? null,
  createClient: (settings, budget, now) => createStravaClient(settings, budget, now),
  quietDaysOf: (config) => config.stravaPacing.quietDays,
  routes: registerStravaWebhook,
});
