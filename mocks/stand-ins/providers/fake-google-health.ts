import { base64url, empty, fromBase64url, json, redirect, sha256Base64url, type FakeRequest } from './fake-http';

/**
 * Google's OAuth 2.0 endpoints and the Google Health API v4 exercise data points, answering as
 * documented. Sources (page titles): "Using OAuth 2.0 for Web Server Applications" (code + PKCE,
 * refresh answers without a refresh token, invalid_client / invalid_grant / redirect_uri_mismatch,
 * revoke answering an empty 200), "Filter data" (the filter grammar, INVALID_DATA_POINT_FILTER),
 * "Method: users.dataTypes.dataPoints.list" and "...reconcile" (pageSize at most 25 for exercise,
 * pageToken/nextPageToken, dataSourceFamily), "Develop workout experiences with the Google Health
 * API" (exercise: list, get, reconcile), the v4 discovery document (DataPoint, Exercise,
 * SessionTimeInterval, CivilDateTime, ReconciledDataPoint) and "Troubleshooting" of Service Usage
 * (403 SERVICE_DISABLED when the API is not enabled for the project).
 */
export type FakeExercise = {
  name: string;
  exercise: {
    interval: { startTime: string; startUtcOffset?: string; endTime?: string; endUtcOffset?: string };
    exerciseType: string;
    displayName?: string;
    /** Optional in v4: some points have none (the interval is then the only duration). */
    activeDuration?: string;
    updateTime?: string;
  };
  /** Which device or app wrote it: the same workout can come from the watch and from Health Connect. */
  source?: 'watch' | 'health-connect';
};

/** Faults the next API calls answer with, in order: a status, or a named documented error. */
export type GoogleFault = number | 'service-disabled' | 'scope-insufficient';

export type FakeGoogle = {
  exercises: FakeExercise[];
  expiresIn: number;
  tokens: { access: Set<string>; refresh: Set<string> };
  grantedScope: string;
  failNext: GoogleFault[];
  /** Statuses the next OAuth calls (token, revoke) answer with, in order (an outage at Google). */
  oauthFailNext: number[];
  /** PKCE challenges and redirect URIs of issued codes. */
  challenges: Map<string, { challenge: string; redirectUri: string }>;
  /** The client secret the Cloud project has now (rotating it makes ours wrong: invalid_client). */
  clientSecret: string;
  /** Redirect URIs registered for the OAuth client; a code exchanged with another one is refused. */
  redirectUris: string[] | null;
  /**
   * The OAuth client was deleted in the Cloud console: the token endpoint answers `deleted_client`
   * and refresh tokens stop working; access tokens already issued keep working until they expire
   * (IAM "projects.locations.oauthClients.delete").
   */
  clientDeleted: boolean;
};

export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly';
/** "...list": "The maximum page size for exercise and sleep is 25" (larger values are truncated). */
const EXERCISE_MAX_PAGE = 25;

export const newFakeGoogle = (): FakeGoogle => ({
  exercises: [],
  expiresIn: 3600,
  tokens: { access: new Set(), refresh: new Set() },
  grantedScope: GOOGLE_SCOPE,
  failNext: [],
  oauthFailNext: [],
  challenges: new Map(),
  clientSecret: 'google-secret',
  redirectUris: null,
  clientDeleted: false,
});

const seconds = (value: string | undefined) => Number(/^(-?\d+(?:\.\d+)?)s$/.exec(value ?? '')?.[1] ?? 0);
const pad = (value: number) => String(value).padStart(2, '0');
/** A CivilDateTime of a local wall-clock instant (discovery document: CivilDateTime = Date + TimeOfDay). */
const civil = (localMs: number) => {
  const at = new Date(localMs);
  return { date: { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() }, time: { hours: at.getUTCHours(), minutes: at.getUTCMinutes(), seconds: at.getUTCSeconds() } };
};
/** The local start as the filter compares it: `YYYY-MM-DDTHH:mm:ss`. */
const civilStartText = (point: FakeExercise) => {
  const at = new Date(Date.parse(point.exercise.interval.startTime) + seconds(point.exercise.interval.startUtcOffset) * 1000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
};
const endOf = (point: FakeExercise) => point.exercise.interval.endTime ?? new Date(Date.parse(point.exercise.interval.startTime) + Math.max(seconds(point.exercise.activeDuration), 60) * 1000).toISOString();

/** A data point with what Google always sends filled in; `activeDuration` stays absent when the test left it out. */
const documentedExercise = (point: FakeExercise) => {
  const { interval } = point.exercise;
  const startUtcOffset = interval.startUtcOffset ?? '0s';
  const endTime = endOf(point);
  const endUtcOffset = interval.endUtcOffset ?? startUtcOffset;
  const { exerciseType } = point.exercise;
  return {
    displayName: exerciseType.charAt(0) + exerciseType.slice(1).toLowerCase().replace(/_/g, ' '),
    createTime: endTime,
    updateTime: endTime,
    ...point.exercise,
    interval: {
      startTime: interval.startTime,
      startUtcOffset,
      endTime,
      endUtcOffset,
      civilStartTime: civil(Date.parse(interval.startTime) + seconds(startUtcOffset) * 1000),
      civilEndTime: civil(Date.parse(endTime) + seconds(endUtcOffset) * 1000),
    },
  };
};

const googleError = (code: number, status: string, message: string, reason?: string) => ({
  error: { code, message, status, ...(reason ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }] } : {}) },
});

/**
 * "Filter data": exercise is a session type filtered on `exercise.interval.civil_start_time` only,
 * with `>=` and `<`, a civil date with an optional time, terms joined by AND. Anything else is 400.
 * Returns the predicate, or null when the filter is not one the API accepts.
 */
const parseExerciseFilter = (filter: string | null): ((civilStart: string) => boolean) | null => {
  if (!filter) return () => true;
  const tests: ((value: string) => boolean)[] = [];
  for (const term of filter.split(' AND ')) {
    const match = /^\s*exercise\.interval\.civil_start_time\s*(>=|<)\s*"(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}:\d{2})?"\s*$/.exec(term);
    if (!match) return null;
    const literal = `${match[2]}${match[3] ?? 'T00:00:00'}`;
    tests.push(match[1] === '>=' ? (value) => value >= literal : (value) => value < literal);
  }
  return (value) => tests.every((test) => test(value));
};

/**
 * The reconciled stream: overlapping points of one exercise type from several sources become one,
 * the watch's when there is one. Google does not document how it picks (assumed; docs/trackers.md).
 */
const reconciled = (points: FakeExercise[]) => {
  const kept: FakeExercise[] = [];
  const ordered = [...points].sort((a, b) => (a.source === 'health-connect' ? 1 : 0) - (b.source === 'health-connect' ? 1 : 0));
  for (const point of ordered) {
    const start = Date.parse(point.exercise.interval.startTime);
    const end = Date.parse(endOf(point));
    const twin = kept.some(
      (other) => other.exercise.exerciseType === point.exercise.exerciseType && Date.parse(other.exercise.interval.startTime) < end && start < Date.parse(endOf(other)),
    );
    if (!twin) kept.push(point);
  }
  return kept;
};

const issueGoogleTokens = (google: FakeGoogle, issued: number, withRefresh: boolean) => {
  google.tokens.access.add(`google-access-${issued}`);
  if (withRefresh) google.tokens.refresh.add(`google-refresh-${issued}`);
  return {
    access_token: `google-access-${issued}`,
    expires_in: google.expiresIn,
    ...(withRefresh ? { refresh_token: `google-refresh-${issued}` } : {}),
    scope: google.grantedScope,
    token_type: 'Bearer',
  };
};

/** Our page tokens are an offset in base64url; anything else is not a token we gave out. */
const pageOffsetOf = (token: string) => {
  try {
    return Number(fromBase64url(token));
  } catch {
    return Number.NaN;
  }
};

export const handleGoogle = async (google: FakeGoogle, seen: FakeRequest, nextId: () => number): Promise<Response> => {
  const { method, path, url, form, bearer } = seen;
  if (method === 'GET' && path === '/google/auth') {
    const code = `google-code-${nextId()}`;
    const redirectUri = url.searchParams.get('redirect_uri') ?? '/';
    google.challenges.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    back.searchParams.set('code', code);
    return redirect(back.toString());
  }
  const outage = method === 'POST' && (path === '/google/token' || path === '/google/revoke') ? google.oauthFailNext.shift() : undefined;
  if (outage) return json(outage, { error: { code: outage, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } });
  if (method === 'POST' && path === '/google/token') {
    if (google.clientDeleted) return json(401, { error: 'deleted_client', error_description: 'The OAuth client was deleted.' });
    if (form.get('client_secret') !== google.clientSecret) return json(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      const issuedFor = google.challenges.get(code);
      const redirectUri = form.get('redirect_uri') ?? '';
      if (issuedFor && (redirectUri !== issuedFor.redirectUri || (google.redirectUris && !google.redirectUris.includes(redirectUri))))
        return json(400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      const verifier = form.get('code_verifier') ?? '';
      if (!issuedFor || (await sha256Base64url(verifier)) !== issuedFor.challenge) return json(400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      google.challenges.delete(code);
      return json(200, issueGoogleTokens(google, nextId(), true));
    }
    if (!google.tokens.refresh.has(form.get('refresh_token') ?? '')) return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    // Google keeps the refresh token: its refresh answers carry none.
    return json(200, issueGoogleTokens(google, nextId(), false));
  }
  if (method === 'POST' && path === '/google/revoke') {
    const token = form.get('token') ?? '';
    if (!google.tokens.refresh.has(token) && !google.tokens.access.has(token)) return json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    google.tokens.access.clear();
    google.tokens.refresh.clear();
    // "Revoking a token": a successful revocation is status 200 (with an empty body).
    return empty(200, { 'content-type': 'application/json' });
  }
  const list = path === '/google-health/v4/users/me/dataTypes/exercise/dataPoints';
  const reconcile = path === '/google-health/v4/users/me/dataTypes/exercise/dataPoints:reconcile';
  if (method !== 'GET' || (!list && !reconcile)) return json(404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.'));
  const fault = google.failNext.shift();
  if (fault === 'service-disabled')
    return json(403, googleError(403, 'PERMISSION_DENIED', 'Google Health API has not been used in project 1234 before or it is disabled.', 'SERVICE_DISABLED'));
  if (fault === 'scope-insufficient' || fault === 403) return json(403, googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT'));
  if (fault === 429) return json(429, googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.', 'RATE_LIMIT_EXCEEDED'));
  if (fault === 401) return json(401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.', 'ACCESS_TOKEN_EXPIRED'));
  if (typeof fault === 'number') return json(fault, googleError(fault, fault === 404 ? 'NOT_FOUND' : fault === 503 ? 'UNAVAILABLE' : fault === 504 ? 'DEADLINE_EXCEEDED' : fault >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION', 'failure'));
  if (!google.tokens.access.has(bearer)) return json(401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
  const matches = parseExerciseFilter(url.searchParams.get('filter'));
  if (!matches) return json(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid data point filter.', 'INVALID_DATA_POINT_FILTER'));
  const requested = Number(url.searchParams.get('pageSize') ?? url.searchParams.get('page_size') ?? EXERCISE_MAX_PAGE);
  const pageSize = Math.min(EXERCISE_MAX_PAGE, requested > 0 ? requested : EXERCISE_MAX_PAGE);
  const pageToken = url.searchParams.get('pageToken') ?? url.searchParams.get('page_token');
  const offset = pageToken ? pageOffsetOf(pageToken) : 0;
  if (!Number.isInteger(offset) || offset < 0) return json(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid page token.'));
  const selected = google.exercises.filter((point) => matches(civilStartText(point)));
  // Newest first, as the list of a session type answers.
  const ordered = (reconcile ? reconciled(selected) : selected).sort((a, b) => Date.parse(b.exercise.interval.startTime) - Date.parse(a.exercise.interval.startTime));
  const page = ordered.slice(offset, offset + pageSize);
  const next = offset + pageSize < ordered.length ? base64url(String(offset + pageSize)) : undefined;
  const dataPoints = page.map((point) =>
    reconcile
      ? { dataPointName: point.name, exercise: documentedExercise(point) }
      : { name: point.name, dataSource: { platform: point.source === 'health-connect' ? 'HEALTH_CONNECT' : 'FITBIT' }, exercise: documentedExercise(point) },
  );
  return json(200, { dataPoints, ...(next ? { nextPageToken: next } : {}) });
};
