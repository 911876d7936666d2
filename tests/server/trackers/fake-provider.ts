import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleGoogle, newFakeGoogle, type FakeGoogle } from './fake-google-health';
import { readBody, type SeenRequest } from './fake-http';
import { handleStrava, newFakeStrava, type FakeStrava } from './fake-strava';

export type { FakeExercise, GoogleFault } from './fake-google-health';
export type { FakeStravaActivity, StravaFault } from './fake-strava';
export { nextStravaWindow } from './fake-strava';
export type { SeenRequest } from './fake-http';

/**
 * A fake Strava and a fake Google (OAuth + Health API) on 127.0.0.1, each answering as its
 * provider documents (fake-strava.ts and fake-google-health.ts name the pages). Server tests, the
 * browser tests (on E2E_PORT+1) and the benchmarks all talk to it.
 */
export type FakeProvider = {
  url: string;
  requests: SeenRequest[];
  strava: FakeStrava;
  google: FakeGoogle;
  reset: () => void;
  close: () => Promise<void>;
};

/** `port` 0 picks a free one; browser tests use a fixed port the app was configured with. */
export const startFakeProvider = async (port = 0): Promise<FakeProvider> => {
  let issued = 0;
  const nextId = () => (issued += 1);
  const provider: Omit<FakeProvider, 'url' | 'close'> = {
    requests: [],
    strava: newFakeStrava(),
    google: newFakeGoogle(),
    reset: () => {
      issued = 0;
      provider.requests.length = 0;
      provider.strava = newFakeStrava();
      provider.google = newFakeGoogle();
    },
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const form = new URLSearchParams(await readBody(request));
    const authorization = request.headers.authorization;
    provider.requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, form, authorization });
    const seen = { path: url.pathname, url, form, bearer: authorization?.replace(/^Bearer /, '') ?? '' };
    if (url.pathname.startsWith('/strava-')) return handleStrava(provider.strava, request, response, seen, nextId);
    return handleGoogle(provider.google, request, response, seen, nextId);
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
