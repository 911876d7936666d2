import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Strava and a fake Google (OAuth + Health API) on 127.0.0.1, answering as the documented
 * APIs do: Strava's `/oauth/*` under `/strava-oauth`, its API v3 under `/strava-api`
 * (`after`/`page`/`per_page` up to 200, pages that can be short before the end, rate-limit headers,
 * 401/403/410/429, rotating refresh tokens, push subscriptions), and Google's OAuth (code + PKCE S256,
 * refresh answers without a new refresh token, revoke) under `/google`, the Health API's exercise
 * data points (`pageSize` up to 25, `pageToken`/`nextPageToken`, the start-time filter) under `/google-health`.
 */
export type FakeStravaActivity = {
  id: number;
  name: string;
  sport_type?: string;
  type?: string;
  moving_time: number;
  start_date: string;
  start_date_local?: string;
  private?: boolean;
  visibility?: string;
  /** Left out of list pages (as Strava does with some records): the page comes back short. */
  hiddenFromLists?: boolean;
};
export type FakeExercise = {
  name: string;
  exercise: {
    interval: { startTime: string; startUtcOffset?: string; endTime?: string; endUtcOffset?: string };
    exerciseType: string;
    displayName?: string;
    activeDuration: string;
    updateTime?: string;
  };
};
/** A protobuf Duration in JSON (`"39600s"`) in seconds. */
const durationSeconds = (value: string | undefined) => Number(/^(-?\d+(?:\.\d+)?)s$/.exec(value ?? '')?.[1] ?? 0);
/** A CivilDateTime (`{ date: { year, month, day }, time: { hours, minutes, seconds } }`) of a local wall-clock instant. */
const civilDateTime = (localMs: number) => {
  const at = new Date(localMs);
  return { date: { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() }, time: { hours: at.getUTCHours(), minutes: at.getUTCMinutes(), seconds: at.getUTCSeconds() } };
};

/**
 * A data point as the Google Health API answers it (v4 reference: DataPoint, Exercise, SessionTimeInterval,
 * CivilDateTime): the fields a test leaves out that Google always sends are filled in: the required
 * `displayName`, `interval.endTime` and `endUtcOffset`, and the output-only `civilStartTime`,
 * `civilEndTime`, `createTime` and `updateTime`.
 */
const documentedDataPoint = (point: FakeExercise) => {
  const { interval } = point.exercise;
  const start = Date.parse(interval.startTime);
  const startUtcOffset = interval.startUtcOffset ?? '0s';
  const endTime = interval.endTime ?? new Date(start + durationSeconds(point.exercise.activeDuration) * 1000).toISOString();
  const endUtcOffset = interval.endUtcOffset ?? startUtcOffset;
  return {
    name: point.name,
    exercise: {
      displayName: point.exercise.exerciseType.charAt(0) + point.exercise.exerciseType.slice(1).toLowerCase().replace(/_/g, ' '),
      createTime: endTime,
      updateTime: endTime,
      ...point.exercise,
      interval: {
        startTime: interval.startTime,
        startUtcOffset,
        endTime,
        endUtcOffset,
        civilStartTime: civilDateTime(start + durationSeconds(startUtcOffset) * 1000),
        civilEndTime: civilDateTime(Date.parse(endTime) + durationSeconds(endUtcOffset) * 1000),
      },
    },
  };
};

export type SeenRequest = { method: string; path: string; query: URLSearchParams; form: URLSearchParams; authorization: string | undefined };

type Tokens = { access: Set<string>; refresh: Set<string> };

export type FakeProvider = {
  url: string;
  requests: SeenRequest[];
  strava: {
    activities: FakeStravaActivity[];
    expiresAt: number;
    tokens: Tokens;
    /** Scope the athlete "grants" on the authorise page. */
    grantedScope: string;
    /** Statuses the next API calls answer with, in order (e.g. [401], [429], [403]). */
    failNext: number[];
    /** Read limit per 15 minutes (the X-ReadRateLimit-Limit first number); usage counts every API call. */
    readLimit: number;
    readUsage: number;
    subscriptions: { id: number; callback_url: string }[];
    refreshes: number;
  };
  google: {
    exercises: FakeExercise[];
    expiresIn: number;
    tokens: Tokens;
    grantedScope: string;
    failNext: number[];
    /** PKCE challenges of issued codes. */
    challenges: Map<string, string>;
  };
  reset: () => void;
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly';

/** `port` 0 picks a free one; browser tests use a fixed port the app was configured with. */
export const startFakeProvider = async (port = 0): Promise<FakeProvider> => {
  let issued = 0;
  const provider: Omit<FakeProvider, 'url' | 'close'> = {
    requests: [],
    strava: undefined as never,
    google: undefined as never,
    reset: () => {
      issued = 0;
      provider.requests.length = 0;
      provider.strava = {
        activities: [],
        expiresAt: Math.floor(Date.parse('2030-01-01') / 1000),
        tokens: { access: new Set(), refresh: new Set() },
        grantedScope: 'read,activity:read_all',
        failNext: [],
        readLimit: 100,
        readUsage: 0,
        subscriptions: [],
        refreshes: 0,
      };
      provider.google = { exercises: [], expiresIn: 3600, tokens: { access: new Set(), refresh: new Set() }, grantedScope: GOOGLE_SCOPE, failNext: [], challenges: new Map() };
    },
  };
  provider.reset();

  const stravaTokens = () => {
    issued += 1;
    const access = `strava-access-${issued}`;
    const refresh = `strava-refresh-${issued}`;
    provider.strava.tokens.access.add(access);
    provider.strava.tokens.refresh.add(refresh);
    return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_at: provider.strava.expiresAt, expires_in: 21600, athlete: { id: 4242 } };
  };

  const handleStrava = (request: IncomingMessage, response: ServerResponse, path: string, url: URL, form: URLSearchParams, bearer: string) => {
    const strava = provider.strava;
    if (request.method === 'GET' && path === '/strava-oauth/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '/');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('code', 'strava-granted-code');
      back.searchParams.set('scope', strava.grantedScope);
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (request.method === 'POST' && path === '/strava-oauth/oauth/token') {
      if (form.get('client_secret') !== 'strava-secret') return send(response, 401, { message: 'Authorization Error', errors: [{ resource: 'Application', field: 'client_secret', code: 'invalid' }] });
      if (form.get('grant_type') === 'authorization_code') {
        if (form.get('code') === 'bad-code') return send(response, 400, { message: 'Bad Request', errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }] });
        return send(response, 200, stravaTokens());
      }
      // Rotating refresh tokens: each refresh spends the old one.
      const refresh = form.get('refresh_token') ?? '';
      if (!strava.tokens.refresh.has(refresh)) return send(response, 400, { message: 'Bad Request', errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }] });
      strava.tokens.refresh.delete(refresh);
      strava.refreshes += 1;
      const { athlete: _athlete, ...tokens } = stravaTokens();
      return send(response, 200, tokens);
    }
    if (request.method === 'POST' && path === '/strava-oauth/oauth/deauthorize') {
      const token = form.get('access_token') ?? bearer;
      if (!strava.tokens.access.has(token)) return send(response, 401, { message: 'Authorization Error', errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }] });
      strava.tokens.access.clear();
      strava.tokens.refresh.clear();
      return send(response, 200, { access_token: token });
    }
    if (path.startsWith('/strava-api/push_subscriptions')) {
      if (request.method === 'GET') return send(response, 200, strava.subscriptions);
      if (request.method === 'POST') {
        const subscription = { id: strava.subscriptions.length + 1, callback_url: form.get('callback_url') ?? '' };
        strava.subscriptions.push(subscription);
        return send(response, 201, { id: subscription.id });
      }
      strava.subscriptions = strava.subscriptions.filter((subscription) => `/strava-api/push_subscriptions/${subscription.id}` !== path);
      response.writeHead(204);
      return response.end();
    }
    // The API: every call counts against the read budget and reports it.
    strava.readUsage += 1;
    const limits = {
      'x-ratelimit-limit': '200,2000',
      'x-ratelimit-usage': `${strava.readUsage},${strava.readUsage}`,
      'x-readratelimit-limit': `${strava.readLimit},${strava.readLimit * 10}`,
      'x-readratelimit-usage': `${strava.readUsage},${strava.readUsage}`,
    };
    const failure = strava.failNext.shift();
    if (failure === 429 || strava.readUsage > strava.readLimit) return send(response, 429, { message: 'Rate Limit Exceeded', errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }] }, limits);
    if (failure) return send(response, failure, { message: failure === 403 ? 'Forbidden' : failure === 410 ? 'Gone' : 'Authorization Error', errors: [] }, limits);
    if (!strava.tokens.access.has(bearer)) return send(response, 401, { message: 'Authorization Error', errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }] }, limits);
    if (request.method === 'GET' && path === '/strava-api/athlete/activities') {
      const after = Number(url.searchParams.get('after') ?? 0);
      const perPage = Math.min(200, Number(url.searchParams.get('per_page') ?? 30));
      const page = Number(url.searchParams.get('page') ?? 1);
      const matching = strava.activities.filter((activity) => Date.parse(activity.start_date) / 1000 > after).sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
      const slice = matching.slice((page - 1) * perPage, page * perPage).filter((activity) => !activity.hiddenFromLists);
      return send(
        response,
        200,
        slice.map(({ hiddenFromLists: _hidden, ...activity }) => activity),
        limits,
      );
    }
    const single = /^\/strava-api\/activities\/(\d+)$/.exec(path);
    if (request.method === 'GET' && single) {
      const found = strava.activities.find((activity) => activity.id === Number(single[1]));
      if (!found) return send(response, 404, { message: 'Record Not Found', errors: [{ resource: 'Activity', field: 'id', code: 'invalid' }] }, limits);
      const { hiddenFromLists: _hidden, ...activity } = found;
      return send(response, 200, activity, limits);
    }
    return send(response, 404, { message: 'Record Not Found' });
  };

  const handleGoogle = (request: IncomingMessage, response: ServerResponse, path: string, url: URL, form: URLSearchParams, bearer: string) => {
    const google = provider.google;
    if (request.method === 'GET' && path === '/google/auth') {
      const code = `google-code-${provider.requests.length}`;
      google.challenges.set(code, url.searchParams.get('code_challenge') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '/');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('code', code);
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (request.method === 'POST' && path === '/google/token') {
      if (form.get('client_secret') !== 'google-secret') return send(response, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        const challenge = google.challenges.get(code);
        const verifier = form.get('code_verifier') ?? '';
        if (challenge === undefined || createHash('sha256').update(verifier).digest('base64url') !== challenge) return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
        google.challenges.delete(code);
        issued += 1;
        google.tokens.access.add(`google-access-${issued}`);
        google.tokens.refresh.add(`google-refresh-${issued}`);
        return send(response, 200, { access_token: `google-access-${issued}`, expires_in: google.expiresIn, refresh_token: `google-refresh-${issued}`, scope: google.grantedScope, token_type: 'Bearer' });
      }
      if (!google.tokens.refresh.has(form.get('refresh_token') ?? '')) return send(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      issued += 1;
      google.tokens.access.add(`google-access-${issued}`);
      // Google keeps the refresh token: its refresh answers carry none.
      return send(response, 200, { access_token: `google-access-${issued}`, expires_in: google.expiresIn, scope: google.grantedScope, token_type: 'Bearer' });
    }
    if (request.method === 'POST' && path === '/google/revoke') {
      const token = form.get('token') ?? '';
      if (!google.tokens.refresh.has(token) && !google.tokens.access.has(token)) return send(response, 400, { error: 'invalid_token' });
      google.tokens.access.clear();
      google.tokens.refresh.clear();
      return send(response, 200, {});
    }
    if (request.method === 'GET' && path === '/google-health/v4/users/me/dataTypes/exercise/dataPoints') {
      const failure = google.failNext.shift();
      if (failure) return send(response, failure, { error: { code: failure, message: 'failure', status: failure === 429 ? 'RESOURCE_EXHAUSTED' : 'PERMISSION_DENIED' } });
      if (!google.tokens.access.has(bearer)) return send(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
      // Query parameters in either JSON (pageSize) or proto (page_size) spelling; 25 is exercise's largest page.
      const pageSize = Math.min(25, Number(url.searchParams.get('pageSize') ?? url.searchParams.get('page_size') ?? 25));
      const pageToken = url.searchParams.get('pageToken') ?? url.searchParams.get('page_token');
      const offset = pageToken ? Number(Buffer.from(pageToken, 'base64url').toString()) : 0;
      const since = /start_time >= "([^"]+)"/.exec(url.searchParams.get('filter') ?? '')?.[1];
      const matching = google.exercises
        .filter((point) => !since || Date.parse(point.exercise.interval.startTime) >= Date.parse(since))
        .sort((a, b) => Date.parse(a.exercise.interval.startTime) - Date.parse(b.exercise.interval.startTime));
      const page = matching.slice(offset, offset + pageSize);
      const next = offset + pageSize < matching.length ? Buffer.from(String(offset + pageSize)).toString('base64url') : undefined;
      return send(response, 200, { dataPoints: page.map(documentedDataPoint), ...(next ? { nextPageToken: next } : {}) });
    }
    return send(response, 404, { error: { code: 404, status: 'NOT_FOUND' } });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const form = new URLSearchParams(await readBody(request));
    const authorization = request.headers.authorization;
    provider.requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, form, authorization });
    const bearer = authorization?.replace(/^Bearer /, '') ?? '';
    if (url.pathname.startsWith('/strava-')) return handleStrava(request, response, url.pathname, url, form, bearer);
    return handleGoogle(request, response, url.pathname, url, form, bearer);
  };

  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return Object.assign(provider, {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
};

/** The app's provider settings for a fake on `url` (server tests and the e2e server use the same). */
export const fakeTrackerConfig = (url: string, appOrigin = 'http://localhost:3000') => ({
  strava: {
    clientId: 'strava-id',
    clientSecret: 'strava-secret',
    oauthBaseUrl: `${url}/strava-oauth`,
    apiBaseUrl: `${url}/strava-api`,
    revokeUrl: `${url}/strava-oauth/oauth/deauthorize`,
    webhookVerifyToken: 'webhook-verify-secret',
    webhookCallbackUrl: `${appOrigin}/api/trackers/strava/webhook`,
    authorizeUrl: `${url}/strava-oauth/oauth/authorize`,
  },
  fitbit: {
    clientId: 'google-id',
    clientSecret: 'google-secret',
    authorizeUrl: `${url}/google/auth`,
    tokenUrl: `${url}/google/token`,
    revokeUrl: `${url}/google/revoke`,
    apiBaseUrl: `${url}/google-health`,
  },
});
