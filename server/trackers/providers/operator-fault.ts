/**
 * Faults of the app's own set-up, which no employee can fix by connecting again: only the
 * administrator can (docs/trackers.md "Operator faults"). Read from the provider's error body.
 */
export type OperatorFault = 'api_not_enabled' | 'invalid_client' | 'client_deleted' | 'redirect_uri_mismatch' | 'app_suspended' | 'app_inactive' | 'athlete_limit';
export const operatorFaults: readonly OperatorFault[] = ['api_not_enabled', 'invalid_client', 'client_deleted', 'redirect_uri_mismatch', 'app_suspended', 'app_inactive', 'athlete_limit'];
/** Faults that stop every call (the provider is paused for everyone); the athlete cap only stops new athletes. */
export const pausingFaults: readonly OperatorFault[] = operatorFaults.filter((fault) => fault !== 'athlete_limit');

type GoogleApiError = { error?: { status?: unknown; message?: unknown; details?: { reason?: unknown }[] } | string };
type StravaFault = { message?: unknown; errors?: { resource?: unknown; field?: unknown; code?: unknown }[] };

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * Google: a 403 whose ErrorInfo reason is SERVICE_DISABLED (Service Usage "Troubleshooting": the
 * API is not enabled for the project), or CONSUMER_SUSPENDED; the token endpoint's `invalid_client`
 * (a wrong or rotated client secret) and `redirect_uri_mismatch` ("Using OAuth 2.0 for Web Server
 * Applications"). Strava: an error naming the `Application` resource, i.e. our client id or secret
 * ("Authentication") or the application itself (assumed for a suspended app: docs/trackers.md);
 * Google's `deleted_client`; Strava's 403 "Limit of connected athletes exceeded" and
 * `Application`/`Status`/`Inactive` (its developer program since 30 June 2026).
 */
export const operatorFaultOf = (status: number, text: string): OperatorFault | null => {
  const body = parse(text);
  if (!body || typeof body !== 'object') return null;
  const google = body as GoogleApiError;
  if (typeof google.error === 'string') {
    if (google.error === 'invalid_client' || google.error === 'unauthorized_client') return 'invalid_client';
    // The OAuth client was deleted in the Cloud console: every grant's refresh stops working.
    if (google.error === 'deleted_client') return 'client_deleted';
    if (google.error === 'redirect_uri_mismatch') return 'redirect_uri_mismatch';
    return null;
  }
  const reasons = (google.error?.details ?? []).map((detail) => detail?.reason);
  if (reasons.includes('SERVICE_DISABLED') || reasons.includes('API_DISABLED')) return 'api_not_enabled';
  if (reasons.includes('CONSUMER_SUSPENDED')) return 'app_suspended';
  const stravaBody = body as StravaFault;
  const strava = stravaBody.errors ?? [];
  // The developer program of 30 June 2026: past the tier's athletes, and an app without its owner's subscription.
  if (status === 403 && (lower(stravaBody.message).includes('limit of connected athletes') || (Array.isArray(strava) && strava.some((error) => lower(error?.field).includes('limit of connected athletes'))))) return 'athlete_limit';
  if (status === 403 && Array.isArray(strava) && strava.some((error) => error?.resource === 'Application' && lower(error.field) === 'status' && lower(error.code) === 'inactive')) return 'app_inactive';
  const application = Array.isArray(strava) ? strava.find((error) => error?.resource === 'Application' && error.field !== 'rate limit') : undefined;
  if (!application) return null;
  if (application.field === 'client_id' || application.field === 'client_secret') return 'invalid_client';
  if (application.field === 'redirect_uri') return 'redirect_uri_mismatch';
  return status === 403 ? 'app_suspended' : null;
};
