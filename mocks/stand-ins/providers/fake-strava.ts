import { empty, json, redirect, type FakeRequest } from './fake-http';

/**
 * Strava's OAuth (under /strava-oauth) and API v3 (under /strava-api), answering as documented.
 * Sources (page titles): "Authentication" (authorize redirect with `scope`, token exchange with the
 * athlete, client_id and client_secret checked, refresh: "If the applications access token for the
 * user has expired, a new access token is returned; otherwise the existing access token is returned",
 * and once a new refresh token is returned the older one no longer works; deauthorize), "Rate
 * Limits" (a 15-minute and a daily limit, overall 200/2,000 and "non-upload" read 100/1,000 by
 * default, reported on every answer in X-RateLimit-* and X-ReadRateLimit-*, 429 over them, windows
 * at :00/:15/:30/:45 and midnight UTC, refused requests still counted), "Webhook Events API" (one
 * push subscription per application, its events carry `subscription_id`; events need the athlete's
 * `activity:read`, as Strava's community answers of 2025 say, and an "Only You" activity
 * `activity:read_all`), "List Athlete Activities" (`before`/`after`/`page`/`per_page`, at most 200 a
 * page, oldest first when `after` is given), "Get Activity" (404 Record Not Found) and the developer
 * program of 30 June 2026 (a Standard Tier app serves at most 10 athletes: "Limit of connected
 * athletes exceeded"; an app without its owner's subscription: 403 Application / Status / Inactive).
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

/** A status, or a documented refusal: a suspended or inactive application, a missing scope. */
export type StravaFault = number | 'app-suspended' | 'app-inactive' | 'scope-missing';

export const FAKE_STRAVA_ATHLETE = 4242;

export type FakeStrava = {
  activities: FakeStravaActivity[];
  /** Expiry (seconds) of the next tokens issued. */
  expiresAt: number;
  tokens: { access: Set<string>; refresh: Set<string> };
  /** The grant in force: what a refresh returns while its access token has not expired. */
  grant: { access: string; refresh: string; expiresAt: number; scope: string } | null;
  /** Scope the athlete "grants" on the authorise page. */
  grantedScope: string;
  failNext: StravaFault[];
  /** Statuses the next OAuth calls (token, deauthorize) answer with, in order (an outage at strava.com). */
  oauthFailNext: number[];
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
  clientId: string;
  clientSecret: string;
  /** The application has no active owner subscription: every call is 403 Application/Status/Inactive. */
  inactive: boolean;
  /** Athletes the app may serve (Standard Tier: 10) and those who authorised it; null: no limit. */
  athleteLimit: number | null;
  connectedAthletes: Set<number>;
  /** The clock token expiry is judged by (tests pass the app's movable clock). */
  now: () => number;
  eventTime: number;
};

export const newFakeStrava = (): FakeStrava => ({
  activities: [],
  expiresAt: Math.floor(Date.parse('2030-01-01') / 1000),
  tokens: { access: new Set(), refresh: new Set() },
  grant: null,
  grantedScope: 'read,activity:read,activity:read_all',
  failNext: [],
  oauthFailNext: [],
  readLimit: 100,
  readUsage: 0,
  readDailyLimit: 1000,
  readDailyUsage: 0,
  overallLimit: [200, 2000],
  overallUsage: [0, 0],
  subscriptions: [{ id: 1, callback_url: 'http://localhost:3000/api/trackers/strava/webhook' }],
  refreshes: 0,
  clientId: 'strava-id',
  clientSecret: 'strava-secret',
  inactive: false,
  athleteLimit: null,
  connectedAthletes: new Set(),
  now: Date.now,
  eventTime: 1764000000,
});

/** A new 15-minute window (":00, :15, :30, :45"): the short-term usage starts again. */
export const nextStravaWindow = (strava: FakeStrava) => {
  strava.readUsage = 0;
  strava.overallUsage[0] = 0;
};

/**
 * The event Strava would post for a change of this activity, or null when the athlete's grant does
 * not let the app receive it (no `activity:read`; an "Only You" activity also needs `activity:read_all`).
 */
export const stravaEventFor = (strava: FakeStrava, aspect: 'create' | 'update' | 'delete', id: number, updates: Record<string, string> = {}) => {
  const scopes = (strava.grant?.scope ?? '').split(',');
  const activity = strava.activities.find((candidate) => candidate.id === id);
  const onlyMe = activity?.private === true || activity?.visibility === 'only_me';
  if (!scopes.includes('activity:read') || (onlyMe && !scopes.includes('activity:read_all'))) return null;
  strava.eventTime += 1;
  return { object_type: 'activity', object_id: id, aspect_type: aspect, owner_id: FAKE_STRAVA_ATHLETE, subscription_id: strava.subscriptions[0]?.id ?? 0, event_time: strava.eventTime, updates };
};

/** The event Strava posts when the athlete revokes the app at strava.com (the grant ends with it). */
export const stravaDeauthorization = (strava: FakeStrava) => {
  strava.tokens.access.clear();
  strava.tokens.refresh.clear();
  strava.grant = null;
  strava.connectedAthletes.delete(FAKE_STRAVA_ATHLETE);
  strava.eventTime += 1;
  return { object_type: 'athlete', object_id: FAKE_STRAVA_ATHLETE, aspect_type: 'update', owner_id: FAKE_STRAVA_ATHLETE, subscription_id: strava.subscriptions[0]?.id ?? 0, event_time: strava.eventTime, updates: { authorized: 'false' } };
};

const fault = (message: string, resource: string, field: string, code: string) => ({ message, errors: [{ resource, field, code }] });
const inactiveApp = () => fault('Forbidden', 'Application', 'Status', 'Inactive');
const athleteLimit = () => ({ message: 'Limit of connected athletes exceeded', errors: [{ resource: 'Athlete', field: 'limit of connected athletes', code: 'exceeded' }] });

const issue = (strava: FakeStrava, issued: number, scope: string) => {
  const grant = { access: `strava-access-${issued}`, refresh: `strava-refresh-${issued}`, expiresAt: strava.expiresAt, scope };
  strava.tokens.access.add(grant.access);
  strava.tokens.refresh.add(grant.refresh);
  strava.grant = grant;
  return grant;
};
const tokenAnswer = (grant: NonNullable<FakeStrava['grant']>, withAthlete: boolean) => ({
  token_type: 'Bearer',
  access_token: grant.access,
  refresh_token: grant.refresh,
  expires_at: grant.expiresAt,
  expires_in: 21600,
  ...(withAthlete ? { athlete: { id: FAKE_STRAVA_ATHLETE } } : {}),
});
const overAthleteLimit = (strava: FakeStrava) => strava.athleteLimit !== null && !strava.connectedAthletes.has(FAKE_STRAVA_ATHLETE) && strava.connectedAthletes.size >= strava.athleteLimit;

const handleOauth = (strava: FakeStrava, seen: FakeRequest, nextId: () => number): Response => {
  const { method, path, url, form, bearer } = seen;
  if (method === 'GET' && path === '/strava-oauth/oauth/authorize') {
    // Strava's own page says so; the athlete is not sent back.
    if (overAthleteLimit(strava)) return json(403, athleteLimit());
    const back = new URL(url.searchParams.get('redirect_uri') ?? '/');
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    back.searchParams.set('code', 'strava-granted-code');
    back.searchParams.set('scope', strava.grantedScope);
    return redirect(back.toString());
  }
  const outage = method === 'POST' ? strava.oauthFailNext.shift() : undefined;
  if (outage) return json(outage, { message: 'Error', errors: [] });
  if (method === 'POST' && path === '/strava-oauth/oauth/token') {
    if (form.get('client_id') !== strava.clientId) return json(400, fault('Bad Request', 'Application', 'client_id', 'invalid'));
    if (form.get('client_secret') !== strava.clientSecret) return json(401, fault('Authorization Error', 'Application', 'client_secret', 'invalid'));
    if (strava.inactive) return json(403, inactiveApp());
    if (form.get('grant_type') === 'authorization_code') {
      if (form.get('code') === 'bad-code') return json(400, fault('Bad Request', 'AuthorizationCode', 'code', 'invalid'));
      if (overAthleteLimit(strava)) return json(403, athleteLimit());
      strava.connectedAthletes.add(FAKE_STRAVA_ATHLETE);
      return json(200, tokenAnswer(issue(strava, nextId(), strava.grantedScope), true));
    }
    const refresh = form.get('refresh_token') ?? '';
    if (!strava.tokens.refresh.has(refresh)) return json(400, fault('Bad Request', 'RefreshToken', 'refresh_token', 'invalid'));
    strava.refreshes += 1;
    // An access token that has not expired is returned again; otherwise new tokens, and the old refresh token stops working.
    if (strava.grant && strava.grant.refresh === refresh && strava.grant.expiresAt * 1000 > strava.now()) return json(200, tokenAnswer(strava.grant, false));
    strava.tokens.refresh.delete(refresh);
    return json(200, tokenAnswer(issue(strava, nextId(), strava.grant?.scope ?? strava.grantedScope), false));
  }
  if (method === 'POST' && path === '/strava-oauth/oauth/deauthorize') {
    const token = form.get('access_token') ?? bearer;
    if (!strava.tokens.access.has(token)) return json(401, fault('Authorization Error', 'Athlete', 'access_token', 'invalid'));
    strava.tokens.access.clear();
    strava.tokens.refresh.clear();
    strava.grant = null;
    strava.connectedAthletes.delete(FAKE_STRAVA_ATHLETE);
    return json(200, { access_token: token });
  }
  return json(404, fault('Record Not Found', 'Path', 'path', 'invalid'));
};

const handleSubscriptions = (strava: FakeStrava, { method, path, url, form }: FakeRequest): Response => {
  const app = method === 'POST' ? form : url.searchParams;
  if (app.get('client_id') !== strava.clientId || app.get('client_secret') !== strava.clientSecret) return json(401, fault('Authorization Error', 'Application', 'client_id', 'invalid'));
  if (method === 'GET') return json(200, strava.subscriptions);
  if (method === 'POST') {
    if (strava.subscriptions.length > 0) return json(400, fault('Bad Request', 'PushSubscription', '', 'already exists'));
    const subscription = { id: 100 + strava.subscriptions.length + 1, callback_url: form.get('callback_url') ?? '' };
    strava.subscriptions.push(subscription);
    return json(201, { id: subscription.id });
  }
  strava.subscriptions = strava.subscriptions.filter((subscription) => `/strava-api/push_subscriptions/${subscription.id}` !== path);
  return empty(204);
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

const visible = (strava: FakeStrava, activity: FakeStravaActivity) => {
  const onlyMe = activity.private === true || activity.visibility === 'only_me';
  return !onlyMe || (strava.grant?.scope ?? '').split(',').includes('activity:read_all');
};

export const handleStrava = (strava: FakeStrava, seen: FakeRequest, nextId: () => number): Response => {
  const { method, path, url, bearer } = seen;
  if (path.startsWith('/strava-oauth/')) return handleOauth(strava, seen, nextId);
  if (path.startsWith('/strava-api/push_subscriptions')) return handleSubscriptions(strava, seen);
  const { headers, over } = countCall(strava);
  const next = strava.failNext.shift();
  if (next === 429 || over) return json(429, fault('Rate Limit Exceeded', 'Application', 'rate limit', 'exceeded'), headers);
  if (next === 'app-inactive' || strava.inactive) return json(403, inactiveApp(), headers);
  if (next === 'app-suspended') return json(403, fault('Forbidden', 'Application', 'application', 'suspended'), headers);
  if (next === 'scope-missing' || next === 403) return json(403, fault('Authorization Error', 'AccessToken', 'activity:read_permission', 'missing'), headers);
  if (next === 401) return json(401, fault('Authorization Error', 'Athlete', 'access_token', 'invalid'), headers);
  if (typeof next === 'number') return json(next, { message: next === 410 ? 'Gone' : 'Error', errors: [] }, headers);
  if (!strava.tokens.access.has(bearer)) return json(401, fault('Authorization Error', 'Athlete', 'access_token', 'invalid'), headers);
  if (method === 'GET' && path === '/strava-api/athlete/activities') {
    const after = Number(url.searchParams.get('after') ?? 0);
    const perPage = Math.min(200, Number(url.searchParams.get('per_page') ?? 30));
    const page = Number(url.searchParams.get('page') ?? 1);
    const matching = strava.activities
      .filter((activity) => Date.parse(activity.start_date) / 1000 > after && visible(strava, activity))
      .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
    const slice = matching.slice((page - 1) * perPage, page * perPage).filter((activity) => !activity.hiddenFromLists);
    return json(
      200,
      slice.map(({ hiddenFromLists: _hidden, ...activity }) => activity),
      headers,
    );
  }
  const single = /^\/strava-api\/activities\/(\d+)$/.exec(path);
  if (method === 'GET' && single) {
    const found = strava.activities.find((activity) => activity.id === Number(single[1]));
    if (!found || !visible(strava, found)) return json(404, fault('Record Not Found', 'Activity', 'id', 'invalid'), headers);
    const { hiddenFromLists: _hidden, ...activity } = found;
    return json(200, activity, headers);
  }
  return json(404, fault('Record Not Found', 'Path', 'path', 'invalid'), headers);
};
