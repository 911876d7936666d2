import { fakeRequestOf, type SeenRequest } from './fake-http';
import { handleGoogle, newFakeGoogle, type FakeGoogle } from './fake-google-health';
import { handlePolar, newFakePolar, type FakePolar } from './fake-polar';
import { handleStrava, newFakeStrava, type FakeStrava } from './fake-strava';

/**
 * A fake Strava, a fake Google (OAuth + Health API) and a fake Polar AccessLink behind one fetch
 * handler, each answering as its provider documents (fake-strava.ts, fake-google-health.ts and
 * fake-polar.ts name the pages), under path prefixes of one base URL. No Node API: the server tests
 * host it on a loopback port (tests/server/trackers/fake-provider.ts), mock mode in the page.
 */
export type FakeProviderState = {
  requests: SeenRequest[];
  strava: FakeStrava;
  google: FakeGoogle;
  polar: FakePolar;
  /** The last id handed out (codes, tokens, records). */
  issued: number;
};

export const newFakeProviderState = (): FakeProviderState => ({ requests: [], strava: newFakeStrava(), google: newFakeGoogle(), polar: newFakePolar(), issued: 0 });

export const handleFakeProvider = async (state: FakeProviderState, request: Request): Promise<Response> => {
  const seen = await fakeRequestOf(request);
  const nextId = () => (state.issued += 1);
  state.requests.push({ method: seen.method, path: seen.path, query: seen.url.searchParams, form: seen.form, authorization: request.headers.get('authorization') ?? undefined });
  if (seen.path.startsWith('/strava-')) return handleStrava(state.strava, seen, nextId);
  if (seen.path.startsWith('/polar-')) return handlePolar(state.polar, seen, nextId);
  return handleGoogle(state.google, seen, nextId);
};

/** The app's provider settings for the fakes under `url` (server tests, the e2e server and mock mode use the same). */
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
  providerSettings: {
    POLAR: {
      clientId: 'polar-id',
      clientSecret: 'polar-secret',
      authorizeUrl: `${url}/polar-flow/oauth2/authorization`,
      tokenUrl: `${url}/polar-remote/v2/oauth2/token`,
      apiBaseUrl: `${url}/polar-accesslink`,
      webhookUrl: `${appOrigin}/api/trackers/polar/signed-webhook`,
      safetyNetQuietDays: 3,
    },
  },
});
