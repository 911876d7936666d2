import { ConfigError } from '../../../config-error';

/** A connection without news this long gets a safety-net visit; less than the 30 days AccessLink lists. */
export const POLAR_QUIET_DAYS_DEFAULT = 3;
const POLAR_QUIET_DAYS_MAX = 29;

/** Polar AccessLink: an API client registered at admin.polaraccesslink.com (POLAR_CLIENT_ID / POLAR_CLIENT_SECRET). */
export type PolarSettings = {
  clientId: string;
  clientSecret: string;
  /** Polar Flow's authorisation page (https://flow.polar.com/oauth2/authorization). */
  authorizeUrl: string;
  /** The token endpoint, called with HTTP Basic client authentication (https://polarremote.com/v2/oauth2/token). */
  tokenUrl: string;
  /** Base of AccessLink, e.g. https://www.polaraccesslink.com. */
  apiBaseUrl: string;
  /** Public URL of our signed webhook (APP_ORIGIN + /api/trackers/polar/signed-webhook unless set). */
  webhookUrl: string;
  /** POLAR_SAFETY_NET_QUIET_DAYS: days without a webhook event or a sync before the safety net visits a connection. */
  safetyNetQuietDays: number;
};

/** Whole days, 1 to 29: AccessLink lists only the exercises of the last 30 days, so a later visit could miss some. */
const quietDays = (raw: string | undefined) => {
  if (raw === undefined) return POLAR_QUIET_DAYS_DEFAULT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > POLAR_QUIET_DAYS_MAX)
    throw new ConfigError(`POLAR_SAFETY_NET_QUIET_DAYS must be a whole number of days from 1 to ${POLAR_QUIET_DAYS_MAX} (Polar lists only the last 30 days), got "${raw}"`);
  return value;
};

const trimmed = (url: string) => url.replace(/\/$/, '');

/** The settings from the environment; null without a client id and secret (Polar is then not offered). */
export const readPolarSettings = (env: (name: string) => string | undefined, appOrigin: string): PolarSettings | null => {
  const clientId = env('POLAR_CLIENT_ID');
  const clientSecret = env('POLAR_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authorizeUrl: env('POLAR_AUTHORIZE_URL') ?? 'https://flow.polar.com/oauth2/authorization',
    tokenUrl: env('POLAR_TOKEN_URL') ?? 'https://polarremote.com/v2/oauth2/token',
    apiBaseUrl: trimmed(env('POLAR_API_URL') ?? 'https://www.polaraccesslink.com'),
    webhookUrl: env('POLAR_WEBHOOK_URL') ?? `${appOrigin}/api/trackers/polar/signed-webhook`,
    safetyNetQuietDays: quietDays(env('POLAR_SAFETY_NET_QUIET_DAYS')),
  };
};
