import { trackerMessages } from '@/domain/tracker-errors';
import { defineProvider } from '../capabilities';
import { createGoogleHealthClient, GOOGLE_HEALTH_SCOPE } from './client';

/** Fitbit through the Google Health API: no push we use, and its reconciled listing is the truth for the window read. */
export const fitbitProvider = defineProvider({
  apiType: 'FITBIT',
  capabilities: {
    delivery: 'pull',
    authoritativeListing: { kind: 'wholeWindowDaily' },
    scopeReportedOn: 'token',
    reconnectOn: { forbidden: true, gone: true },
    forbiddenMessage: trackerMessages.googleForbidden,
    budgetName: 'google-health',
    pacedBackground: false,
    scopes: [GOOGLE_HEALTH_SCOPE],
  },
  settingsOf: (config) => config.fitbit,
  createClient: (settings, budget, now) => createGoogleHealthClient(settings, budget, now),
});
