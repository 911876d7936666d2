import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny Strava + Fitbit stand-in on 127.0.0.1 (never the internet): OAuth token endpoints that
 * hand out numbered tokens, and activity lists that honour the bearer token and the date filter.
 */
export type FakeStravaActivity = { id: number; name: string; sport_type: string; moving_time: number; start_date: string };
export type FakeFitbitActivity = { logId: number; activityName: string; activeDuration: number; startTime: string };
export type SeenRequest = { method: string; path: string; query: URLSearchParams; form: URLSearchParams; authorization: string | undefined };

export type FakeProvider = {
  url: string;
  requests: SeenRequest[];
  strava: { activities: FakeStravaActivity[]; expiresAt: number; validTokens: Set<string>; failTokens: boolean };
  fitbit: { activities: FakeFitbitActivity[]; expiresIn: number; validTokens: Set<string>; failTokens: boolean };
  /** Back to the initial state (token numbering, lists, failures) before each test. */
  reset: () => void;
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** `port` 0 picks a free one; browser tests use a fixed port the app was configured with. */
export const startFakeProvider = async (port = 0): Promise<FakeProvider> => {
  let issued = 0;
  const provider: Omit<FakeProvider, 'url' | 'close'> = {
    requests: [],
    strava: { activities: [], expiresAt: 0, validTokens: new Set(), failTokens: false },
    fitbit: { activities: [], expiresIn: 0, validTokens: new Set(), failTokens: false },
    reset: () => {
      issued = 0;
      provider.requests.length = 0;
      provider.strava = { activities: [], expiresAt: Math.floor(Date.parse('2030-01-01') / 1000), validTokens: new Set(), failTokens: false };
      provider.fitbit = { activities: [], expiresIn: 28_800, validTokens: new Set(), failTokens: false };
    },
  };
  provider.reset();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const form = new URLSearchParams(await readBody(request));
    const authorization = request.headers.authorization;
    provider.requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, form, authorization });
    const bearer = authorization?.replace(/^Bearer /, '') ?? '';

    // The authorise page: the "athlete" agrees at once and goes back with a code (browser tests).
    if (request.method === 'GET' && (url.pathname === '/oauth/authorize' || url.pathname === '/oauth2/authorize')) {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '/');
      back.searchParams.set('code', 'granted-code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (request.method === 'POST' && url.pathname === '/oauth/token') {
      if (provider.strava.failTokens || form.get('code') === 'bad-code') return send(response, 400, { message: 'Bad Request', errors: [{ code: 'invalid' }] });
      issued += 1;
      const access = `strava-access-${issued}`;
      provider.strava.validTokens.add(access);
      return send(response, 200, { token_type: 'Bearer', access_token: access, refresh_token: `strava-refresh-${issued}`, expires_at: provider.strava.expiresAt, athlete: { id: 4242 } });
    }
    if (request.method === 'POST' && url.pathname === '/oauth/deauthorize') {
      provider.strava.validTokens.delete(bearer);
      return send(response, 200, { access_token: bearer });
    }
    if (request.method === 'POST' && url.pathname === '/oauth2/revoke') {
      provider.fitbit.validTokens.delete(form.get('token') ?? '');
      return send(response, 200, {});
    }
    if (request.method === 'GET' && url.pathname === '/api/v3/athlete/activities') {
      if (!provider.strava.validTokens.has(bearer)) return send(response, 401, { message: 'Authorization Error' });
      const after = Number(url.searchParams.get('after'));
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const matching = provider.strava.activities.filter((activity) => Date.parse(activity.start_date) / 1000 > after);
      return send(response, 200, matching.slice((page - 1) * perPage, page * perPage));
    }
    if (request.method === 'POST' && url.pathname === '/oauth2/token') {
      if (provider.fitbit.failTokens || !authorization?.startsWith('Basic ')) return send(response, 401, { success: false });
      if (form.get('grant_type') === 'authorization_code' && !form.get('code_verifier')) return send(response, 400, { success: false });
      issued += 1;
      const access = `fitbit-access-${issued}`;
      provider.fitbit.validTokens.add(access);
      return send(response, 200, { access_token: access, refresh_token: `fitbit-refresh-${issued}`, expires_in: provider.fitbit.expiresIn, user_id: 'ABC123', token_type: 'Bearer' });
    }
    if (request.method === 'GET' && url.pathname === '/1/user/-/activities/list.json') {
      if (!provider.fitbit.validTokens.has(bearer)) return send(response, 401, { success: false });
      const afterDate = url.searchParams.get('afterDate') ?? '';
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const matching = provider.fitbit.activities.filter((activity) => activity.startTime.slice(0, 19) >= afterDate);
      return send(response, 200, { activities: matching.slice(offset, offset + limit), pagination: {} });
    }
    return send(response, 404, { message: 'not here' });
  };

  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  // The same object the handler reads, so tests can change its lists and flags.
  return Object.assign(provider, {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
};
