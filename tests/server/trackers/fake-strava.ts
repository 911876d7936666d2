import type { IncomingMessage, ServerResponse } from 'node:http';
import { send, type FakeRequest } from './fake-http';

/**
 * Strava's OAuth (under /strava-oauth) and API v3 (under /strava-api), answering as documented.
 * Sources (page titles): "Authentication" (authorize redirect with `scope`, token exchange with the
 * athlete, rotating refresh tokens, deauthorize), "Rate Limits" (a 15-minute and a daily limit,
 * overall 200/2,000 and "non-upload" read 100/1,000 by default, reported on every answer in
 * X-RateLimit-* and X-ReadRateLimit-*, 429 over them, windows at :00/:15/:30/:45 and midnight UTC,
 * refused requests still counted), "Webhook Events API" (push subscriptions), "Strava API v3
 * reference: List Athlete Activities" (`before`/`after`/`page`/`per_page`, at most 200 a page,
 * oldest first when `after` is given) and "Get Activity" (404 Record Not Found).
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

/** A status, or the app-level refusal Strava gives a suspended application (assumed shape: docs/trackers.md). */
export type StravaFault = number | 'app-suspended' | 'scope-missing';

export type FakeStrava = {
  activities: FakeStravaActivity[];
  expiresAt: number;
  tokens: { access: Set<string>; refresh: Set<string> };
  /** Scope the athlete "grants" on the authorise page. */
  grantedScope: string;
  failNext: StravaFault[];
  /** Read ("non-upload") limit per 15 minutes and its usage (X-ReadRateLimit-*, first numbers). */
  readLimit: number;
  readUsage: number;
  /** Read limit per day (default 1,000) and its usage (X-ReadRateLimit-*, second numbers). */
  readDailyLimit: number;
  readDailyUsage: number;
  /** The overall limits (X-RateLimit-*): 200 per 15 minutes, 2,000 a day by default. */
  overallLimit: [number, number];
  overallUsage: [number, number];
  subscriptions: { id: number; callback_url: string }[];
  refreshes: number;
  clientSecret: string;
};

export const newFakeStrava = (): FakeStrava => ({
  activities: [],
  expiresAt: Math.floor(Date.parse('2030-01-01') / 1000),
  tokens: { access: new Set(), refresh: new Set() },
  grantedScope: 'read,activity:read_all',
  failNext: [],
  readLimit: 100,
  readUsage: 0,
  readDailyLimit: 1000,
  readDailyUsage: 0,
  overallLimit: [200, 2000],
  overallUsage: [0, 0],
  subscriptions: [],
  refreshes: 0,
  clientSecret: 'strava-secret',
});

/** A new 15-minute window (":00, :15, :30, :45"): the short-term usage starts again. */
export const nextStravaWindow = (strava: FakeStrava) => {
  strava.readUsage = 0;
  strava.overallUsage[0] = 0;
};

const fault = (message: string, resource: string, field: string, code: string) => ({ message, errors: [{ resource, field, code }] });

const stravaTokens = (strava: FakeStrava, issued: number) => {
  const access = `strava-access-${issued}`;
  const refresh = `strava-refresh-${issued}`;
  strava.tokens.access.add(access);
  strava.tokens.refresh.add(refresh);
  return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_at: strava.expiresAt, expires_in: 21600, athlete: { id: 4242 } };
};

const handleOauth = (strava: FakeStrava, request: IncomingMessage, response: ServerResponse, seen: FakeRequest, nextId: () => number) => {
  const { path, url, form, bearer } = seen;
  if (request.method === 'GET' && path === '/strava-oauth/oauth/authorize') {
    const back = new URL(url.searchParams.get('redirect_uri') ?? '/');
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    back.searchParams.set('code', 'strava-granted-code');
    back.searchParams.set('scope', strava.grantedScope);
    response.writeHead(302, { location: back.toString() });
    return response.end();
  }
  if (request.method === 'POST' && path === '/strava-oauth/oauth/token') {
    if (form.get('client_secret') !== strava.clientSecret) return send(response, 401, fault('Authorization Error', 'Application', 'client_secret', 'invalid'));
    if (form.get('grant_type') === 'authorization_code') {
      if (form.get('code') === 'bad-code') return send(response, 400, fault('Bad Request', 'AuthorizationCode', 'code', 'invalid'));
      return send(response, 200, stravaTokens(strava, nextId()));
    }
    // Rotating refresh tokens: each refresh spends the old one.
    const refresh = form.get('refresh_token') ?? '';
    if (!strava.tokens.refresh.has(refresh)) return send(response, 400, fault('Bad Request', 'RefreshToken', 'refresh_token', 'invalid'));
    strava.tokens.refresh.delete(refresh);
    strava.refreshes += 1;
    const { athlete: _athlete, ...tokens } = stravaTokens(strava, nextId());
    return send(response, 200, tokens);
  }
  if (request.method === 'POST' && path === '/strava-oauth/oauth/deauthorize') {
    const token = form.get('access_token') ?? bearer;
    if (!strava.tokens.access.has(token)) return send(response, 401, fault('Authorization Error', 'Athlete', 'access_token', 'invalid'));
    strava.tokens.access.clear();
    strava.tokens.refresh.clear();
    return send(response, 200, { access_token: token });
  }
  return send(response, 404, fault('Record Not Found', 'Path', 'path', 'invalid'));
};

const handleSubscriptions = (strava: FakeStrava, request: IncomingMessage, response: ServerResponse, { path, form }: FakeRequest) => {
  if (request.method === 'GET') return send(response, 200, strava.subscriptions);
  if (request.method === 'POST') {
    const subscription = { id: strava.subscriptions.length + 1, callback_url: form.get('callback_url') ?? '' };
    strava.subscriptions.push(subscription);
    return send(response, 201, { id: subscription.id });
  }
  strava.subscriptions = strava.subscriptions.filter((subscription) => `/strava-api/push_subscriptions/${subscription.id}` !== path);
  response.writeHead(204);
  return response.end();
};

/** Every API call counts (refused ones too) and every answer reports limits and usage. */
const countCall = (strava: FakeStrava) => {
  strava.readUsage += 1;
  strava.readDailyUsage += 1;
  strava.overallUsage = [strava.overallUsage[0] + 1, strava.overallUsage[1] + 1];
  const headers = {
    'x-ratelimit-limit': strava.overallLimit.join(','),
    'x-ratelimit-usage': strava.overallUsage.join(','),
    'x-readratelimit-limit': `${strava.readLimit},${strava.readDailyLimit}`,
    'x-readratelimit-usage': `${strava.readUsage},${strava.readDailyUsage}`,
  };
  const over = strava.readUsage > strava.readLimit || strava.readDailyUsage > strava.readDailyLimit || strava.overallUsage[0] > strava.overallLimit[0] || strava.overallUsage[1] > strava.overallLimit[1];
  return { headers, over };
};

export const handleStrava = (strava: FakeStrava, request: IncomingMessage, response: ServerResponse, seen: FakeRequest, nextId: () => number) => {
  const { path, url, bearer } = seen;
  if (path.startsWith('/strava-oauth/')) return handleOauth(strava, request, response, seen, nextId);
  if (path.startsWith('/strava-api/push_subscriptions')) return handleSubscriptions(strava, request, response, seen);
  const { headers, over } = countCall(strava);
  const next = strava.failNext.shift();
  if (next === 429 || over) return send(response, 429, fault('Rate Limit Exceeded', 'Application', 'rate limit', 'exceeded'), headers);
  if (next === 'app-suspended') return send(response, 403, fault('Forbidden', 'Application', 'application', 'suspended'), headers);
  if (next === 'scope-missing' || next === 403) return send(response, 403, fault('Authorization Error', 'AccessToken', 'activity:read_permission', 'missing'), headers);
  if (next === 401) return send(response, 401, fault('Authorization Error', 'Athlete', 'access_token', 'invalid'), headers);
  if (typeof next === 'number') return send(response, next, { message: next === 410 ? 'Gone' : 'Error', errors: [] }, headers);
  if (!strava.tokens.access.has(bearer)) return send(response, 401, fault('Authorization Error', 'Athlete', 'access_token', 'invalid'), headers);
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
      headers,
    );
  }
  const single = /^\/strava-api\/activities\/(\d+)$/.exec(path);
  if (request.method === 'GET' && single) {
    const found = strava.activities.find((activity) => activity.id === Number(single[1]));
    if (!found) return send(response, 404, fault('Record Not Found', 'Activity', 'id', 'invalid'), headers);
    const { hiddenFromLists: _hidden, ...activity } = found;
    return send(response, 200, activity, headers);
  }
  return send(response, 404, fault('Record Not Found', 'Path', 'path', 'invalid'), headers);
};
