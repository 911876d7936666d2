import { empty, hmacSha256Hex, json, redirect, type FakeRequest } from './fake-http';

/**
 * Polar AccessLink API v3, answering as its public documentation describes (the OpenAPI of
 * AccessLink, "Users", "Exercises", "Webhooks", and the AsyncAPI of its webhook deliveries):
 * - OAuth 2.0 authorisation code: `flow.polar.com/oauth2/authorization` redirects back with `code`
 *   and `state`; `polarremote.com/v2/oauth2/token` wants HTTP Basic client authentication and answers
 *   `access_token`, `token_type`, `expires_in` and `x_user_id` (no refresh token); a wrong client is
 *   401 `invalid_client`, a used or unknown code 400 `invalid_grant`.
 * - `POST /v3/users` with `member-id` registers the user (200 with the user), 409 when already
 *   registered, 403 when the user has not accepted the mandatory consents; data of an unregistered
 *   user is refused (403).
 * - `GET /v3/exercises`: the exercises uploaded to Flow in the last 30 days, and only those uploaded
 *   after the user was registered; `GET /v3/exercises/{id}` 404 when unknown.
 * - `DELETE /v3/users/{user-id}` de-registers (204) and revokes the access token (401 afterwards).
 * - `POST /v3/webhooks` (Basic): pings the URL first (`{"event":"PING"}`, signed), 400 unless the
 *   ping is answered 200, 409 when a webhook exists; 201 `{data: {id, events, url, signature_secret_key}}`
 *   (the only time the secret is given). `GET /v3/webhooks` lists it, `DELETE /v3/webhooks/{id}` 204.
 *   Deliveries carry `Polar-Webhook-Signature`: HMAC-SHA256 of the body with that key, hex.
 * - Bearer calls without a valid token: 401; a limit reached: 429 with Retry-After; 5xx on demand.
 */
export type FakePolarExercise = {
  id: string;
  upload_time: string;
  start_time: string;
  start_time_utc_offset: number;
  duration: string;
  sport: string;
  detailed_sport_info?: string;
  device?: string;
};

export type FakePolar = {
  clientId: string;
  clientSecret: string;
  exercises: FakePolarExercise[];
  /** Polar's clock (the app's movable one in tests): the 30-day listing is counted from it. */
  now: () => number;
  userId: number;
  tokens: Map<string, number>;
  codes: Map<string, string>;
  registered: Map<number, number>;
  /** Set: the next registration answers 403 (mandatory consents not accepted). */
  consentsMissing: boolean;
  /** Statuses the next AccessLink calls answer with, in order. */
  failNext: number[];
  webhook: { id: string; url: string; secret: string } | null;
  /** How a delivery reaches the app (a test may route it through app.inject); fetch by default. */
  deliver: (url: string, body: string, signature: string) => Promise<number>;
};

export const newFakePolar = (): FakePolar => ({
  clientId: 'polar-id',
  clientSecret: 'polar-secret',
  exercises: [],
  now: () => Date.now(),
  userId: 475,
  tokens: new Map(),
  codes: new Map(),
  registered: new Map(),
  consentsMissing: false,
  failNext: [],
  webhook: null,
  deliver: async (url, body, signature) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'polar-webhook-signature': signature }, body })).status,
});

const DAY_MS = 86_400_000;
const error = (status: number, errorType: string, message: string) => json(status, { timestamp: new Date().toISOString(), status, errorType, message, corrId: 'fake' });

export const polarSign = (body: string, secret: string) => hmacSha256Hex(secret, body);

/** An EXERCISE delivery as AccessLink posts it, signed with the webhook's secret. */
export const polarExerciseEvent = async (polar: FakePolar, exerciseId: string) => {
  const body = JSON.stringify({ event: 'EXERCISE', user_id: polar.userId, entity_id: exerciseId, timestamp: new Date(polar.now()).toISOString(), url: `https://www.polaraccesslink.com/v3/exercises/${exerciseId}` });
  return { body, signature: await polarSign(body, polar.webhook?.secret ?? 'no-webhook') };
};

export const handlePolar = async (polar: FakePolar, request: FakeRequest, nextId: () => number): Promise<Response> => {
  const basicOk = request.authorization === `Basic ${btoa(`${polar.clientId}:${polar.clientSecret}`)}`;

  if (request.path === '/polar-flow/oauth2/authorization') {
    const redirectUri = request.url.searchParams.get('redirect_uri')!;
    if (request.url.searchParams.get('client_id') !== polar.clientId || request.url.searchParams.get('response_type') !== 'code') return error(400, 'invalid_request', 'unknown client');
    const code = `polar-code-${nextId()}`;
    polar.codes.set(code, redirectUri);
    const back = new URL(redirectUri);
    back.search = new URLSearchParams({ code, state: request.url.searchParams.get('state') ?? '' }).toString();
    return redirect(back.toString());
  }

  if (request.path === '/polar-remote/v2/oauth2/token') {
    if (!basicOk) return json(401, { error: 'invalid_client' });
    const code = request.form.get('code') ?? '';
    if (request.form.get('grant_type') !== 'authorization_code' || polar.codes.get(code) !== request.form.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
    polar.codes.delete(code);
    const token = `polar-token-${nextId()}`;
    polar.tokens.set(token, polar.userId);
    return json(200, { access_token: token, token_type: 'bearer', expires_in: 315_359_999, x_user_id: polar.userId });
  }

  if (!request.path.startsWith('/polar-accesslink/')) return empty(404);
  const path = request.path.slice('/polar-accesslink'.length);
  const failure = polar.failNext.shift();
  if (failure === 429) return error(429, 'TooManyRequests', 'rate limit reached');
  if (failure) return error(failure, 'Fault', 'fault injected by the test');

  if (path === '/v3/webhooks' && request.method === 'POST') {
    if (!basicOk) return error(401, 'Unauthorized', 'client authentication failed');
    if (polar.webhook) return error(409, 'Conflict', 'Webhook already exists');
    const asked = JSON.parse(request.text || '{}') as { events?: unknown; url?: unknown };
    if (!Array.isArray(asked.events) || typeof asked.url !== 'string') return error(400, 'BadRequest', 'events and url are required');
    const secret = `secret-${nextId()}`;
    const ping = JSON.stringify({ event: 'PING', timestamp: new Date(polar.now()).toISOString() });
    if ((await polar.deliver(asked.url, ping, await polarSign(ping, secret)).catch(() => 0)) !== 200) return error(400, 'BadRequest', 'Webhook cannot be created: the ping was not answered with 200');
    polar.webhook = { id: `hook-${nextId()}`, url: asked.url, secret };
    return json(201, { data: { id: polar.webhook.id, events: asked.events, url: asked.url, signature_secret_key: secret } });
  }
  const hook = /^\/v3\/webhooks\/([^/]+)$/.exec(path);
  if (hook && request.method === 'DELETE') {
    if (!basicOk) return error(401, 'Unauthorized', 'client authentication failed');
    if (polar.webhook?.id !== hook[1]) return error(404, 'NotFound', 'Webhook not found');
    polar.webhook = null;
    return empty(204);
  }
  if (path === '/v3/webhooks' && request.method === 'GET') {
    if (!basicOk) return error(401, 'Unauthorized', 'client authentication failed');
    return json(200, { data: polar.webhook ? [{ id: polar.webhook.id, events: ['EXERCISE'], url: polar.webhook.url, active: true }] : [] });
  }

  const user = polar.tokens.get(request.bearer);
  if (user === undefined) return error(401, 'Unauthorized', 'invalid access token');

  if (path === '/v3/users' && request.method === 'POST') {
    const body = JSON.parse(request.text || '{}') as Record<string, unknown>;
    if (typeof body['member-id'] !== 'string') return error(400, 'BadRequest', 'member-id is required');
    if (polar.consentsMissing) return error(403, 'Forbidden', 'User has not accepted all mandatory consents');
    if (polar.registered.has(user)) return error(409, 'Conflict', 'User already registered to partner or duplicated member-id');
    polar.registered.set(user, polar.now());
    return json(200, { 'polar-user-id': user, 'member-id': body['member-id'], 'registration-date': new Date(polar.now()).toISOString() });
  }
  const registeredAt = polar.registered.get(user);
  if (registeredAt === undefined) return error(403, 'Forbidden', 'User is not registered to this partner');

  if (path === `/v3/users/${user}` && request.method === 'DELETE') {
    polar.registered.delete(user);
    for (const [token, owner] of polar.tokens) if (owner === user) polar.tokens.delete(token);
    return empty(204);
  }
  // Uploaded in the last 30 days, and after the registration (the AccessLink rule for this listing).
  const listed = polar.exercises.filter((exercise) => Date.parse(exercise.upload_time) >= Math.max(registeredAt, polar.now() - 30 * DAY_MS));
  if (path === '/v3/exercises' && request.method === 'GET') return json(200, listed);
  const one = /^\/v3\/exercises\/([^/]+)$/.exec(path);
  if (one && request.method === 'GET') {
    const found = listed.find((exercise) => exercise.id === one[1]);
    return found ? json(200, found) : error(404, 'NotFound', 'Exercise not found');
  }
  return error(404, 'NotFound', `no ${request.method} ${path}`);
};
