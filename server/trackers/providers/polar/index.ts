import { defineProvider } from '../capabilities';
import { createPolarClient, POLAR_LISTING_DAYS, POLAR_SCOPE, type PolarClient } from './client';
import { POLAR_QUIET_DAYS_DEFAULT, readPolarSettings, type PolarSettings } from './settings';
import { POLAR_SIGNATURE_HEADER, polarEventUsers, polarSignatureValid } from './webhook';

/**
 * Polar (AccessLink API v3). News comes by signed webhook (EXERCISE events), each of which queues a
 * sync of its athlete; the listing of the last 30 days is the truth for those days, so a workout
 * deleted in Polar Flow disappears at the next sync (AccessLink sends no deletion event).
 */
export const polarProvider = defineProvider<PolarSettings>({
  apiType: 'POLAR',
  capabilities: {
    delivery: 'push',
    authoritativeListing: { kind: 'lastDays', days: POLAR_LISTING_DAYS },
    scopeReportedOn: 'token',
    reconnectOn: { forbidden: true, gone: false },
    budgetName: 'polar',
    pacedBackground: false,
    scopes: [POLAR_SCOPE],
  },
  settingsOf: (config) => (config.providerSettings.POLAR as PolarSettings | undefined) ?? null,
  readSettings: readPolarSettings,
  quietDaysOf: (config) => (config.providerSettings.POLAR as PolarSettings | undefined)?.safetyNetQuietDays ?? POLAR_QUIET_DAYS_DEFAULT,
  createClient: createPolarClient,
  signedWebhook: {
    create: (client) => (client as PolarClient).createWebhook(),
    verify: (rawBody, headers, secret) => polarSignatureValid(rawBody, headers[POLAR_SIGNATURE_HEADER], secret),
    athletesOf: polarEventUsers,
  },
});
