import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mockClock } from '../../../mocks/clock';
import { idpPeople, outsideWorld, type OutsideWorld } from '../../../mocks/stand-ins/outside-world';
import { beginSignIn, finishSignIn } from '../../../server/modules/sso/relying-party';
import { createGoogleHealthClient } from '../../../server/trackers/providers/fitbit/client';
import { createPolarClient } from '../../../server/trackers/providers/polar/client';
import type { PolarSettings } from '../../../server/trackers/providers/polar/settings';
import { noBudget } from '../../../server/trackers/providers/provider-request';
import { createStravaClient } from '../../../server/trackers/providers/strava/client';

/**
 * Mock mode's outside world (mocks/stand-ins) answering the server's own code where it fetches it:
 * openid-client's relying party against the in-page identity provider, the provider clients against
 * the page's fakes. Node has no localStorage: the stand-ins keep their state in memory here.
 */
const ORIGIN = 'http://localhost:5173';
const log = { warn: () => undefined };
const bea = idpPeople.find((person) => person.email === 'bea@wellness.test')!;

describe("mock mode's stand-ins for the outside world", () => {
  let outside: OutsideWorld;
  const network = globalThis.fetch;
  beforeAll(() => {
    outside = outsideWorld(ORIGIN, mockClock);
    outside.install();
  });
  afterAll(() => {
    globalThis.fetch = network;
  });

  /** The browser's trip: the authorization URL, the person picked on the provider's page, the query it sends back. */
  const signInAs = async (person: typeof bea | null) => {
    const { attempt, authorizationUrl } = await beginSignIn(outside.oidc, log);
    expect(authorizationUrl.startsWith(`${ORIGIN}/mock-provider/sso/authorize?`)).toBe(true);
    const answer = await outside.signIn(new URL(authorizationUrl), person);
    if (!('location' in answer)) throw new Error(answer.error);
    const back = new URL(answer.location);
    expect(`${back.origin}${back.pathname}`).toBe(outside.oidc.redirectUri);
    return { attempt, search: back.search };
  };

  test("single sign-on: the server's relying party gets the picked person's verified claims from an ES256 ID token", async () => {
    const { attempt, search } = await signInAs(bea);
    const claims = await finishSignIn(outside.oidc, attempt, search, log);
    expect(claims).toMatchObject({ iss: `${ORIGIN}/mock-provider/sso`, email: 'bea@wellness.test', email_verified: true, given_name: 'Bea', family_name: 'Beginner' });
    const jwks = (await (await fetch(`${ORIGIN}/mock-provider/sso/jwks`)).json()) as { keys: { alg: string; kty: string; d?: string }[] };
    expect(jwks.keys).toEqual([expect.objectContaining({ alg: 'ES256', kty: 'EC' })]);
    expect(jwks.keys[0]!.d).toBeUndefined(); // the public half only
    // A code works once.
    await expect(finishSignIn(outside.oidc, attempt, search, log)).rejects.toMatchObject({ serverCode: 'SSO_FAILED' });
  });

  test('a cancel comes back as access_denied; a wrong client or secret is refused', async () => {
    const { attempt, search } = await signInAs(null);
    expect(new URLSearchParams(search).get('error')).toBe('access_denied');
    await expect(finishSignIn(outside.oidc, attempt, search, log)).rejects.toMatchObject({ serverCode: 'SSO_FAILED' });
    const { authorizationUrl } = await beginSignIn(outside.oidc, log);
    const foreign = new URL(authorizationUrl);
    foreign.searchParams.set('redirect_uri', 'https://elsewhere.example/callback');
    expect(await outside.signIn(foreign, bea)).toEqual({ error: expect.stringContaining('is not registered') });
    const second = await signInAs(bea);
    await expect(finishSignIn({ ...outside.oidc, clientSecret: 'guessed' }, second.attempt, second.search, log)).rejects.toMatchObject({ serverCode: 'SSO_FAILED' });
  });

  test('with the provider down, sign-in says it is unavailable', async () => {
    await outside.applyFaults({ needsAdmin: [], refuses: [] }, true);
    try {
      // A new client id: openid-client's discovery is cached per provider and client.
      await expect(beginSignIn({ ...outside.oidc, clientId: 'another-client' }, log)).rejects.toMatchObject({ serverCode: 'SSO_PROVIDER_UNAVAILABLE' });
    } finally {
      await outside.applyFaults({ needsAdmin: [], refuses: [] }, false);
    }
  });

  test("Strava: the server's client connects through the consent page and lists the demo workouts", async () => {
    const strava = createStravaClient(outside.trackers.strava, noBudget, () => mockClock.now().getTime());
    const consent = await outside.consent(new URL(strava.authorizeUrl({ state: 's1', redirectUri: `${ORIGIN}/strava`, codeChallenge: null })));
    const back = new URL(consent.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s1');
    const tokens = await strava.exchangeCode(back.searchParams.get('code')!, `${ORIGIN}/strava`, null);
    const listed = await strava.listActivities(tokens.accessToken, new Date(mockClock.now().getTime() - 7 * 86_400_000));
    expect(listed.activities.map((activity) => activity.name).sort()).toEqual(['Cycling', 'Running']);
    await strava.revoke(tokens);
    await expect(strava.listActivities(tokens.accessToken, new Date(0))).rejects.toMatchObject({ failure: 'unauthorized' });
  });

  test("Fitbit (PKCE) and Polar connect; QA's faults are the providers' own refusals", async () => {
    const google = createGoogleHealthClient(outside.trackers.fitbit, noBudget);
    const verifier = 'v'.repeat(50);
    const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString('base64url');
    const consent = await outside.consent(new URL(google.authorizeUrl({ state: 'g1', redirectUri: `${ORIGIN}/fitbit`, codeChallenge: challenge })));
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const tokens = await google.exchangeCode(code, `${ORIGIN}/fitbit`, verifier);
    expect((await google.listActivities(tokens.accessToken, new Date(mockClock.now().getTime() - 7 * 86_400_000))).activities).toHaveLength(1);

    const polar = createPolarClient(outside.trackers.providerSettings.POLAR as PolarSettings, noBudget);
    await outside.applyFaults({ needsAdmin: ['POLAR'], refuses: [] }, false);
    const polarConsent = await outside.consent(new URL(polar.authorizeUrl({ state: 'p1', redirectUri: `${ORIGIN}/polar`, codeChallenge: null })));
    const polarCode = new URL(polarConsent.headers.get('location')!).searchParams.get('code')!;
    await expect(polar.exchangeCode(polarCode, `${ORIGIN}/polar`, null)).rejects.toMatchObject({ failure: 'operator', operatorFault: 'invalid_client' });
    const strava = createStravaClient(outside.trackers.strava, noBudget);
    outside.reset(); // a new athlete at Strava (the grant of the test above is forgotten)
    await outside.applyFaults({ needsAdmin: [], refuses: ['STRAVA'] }, false);
    const refused = await outside.consent(new URL(strava.authorizeUrl({ state: 's2', redirectUri: `${ORIGIN}/strava`, codeChallenge: null })));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Limit of connected athletes exceeded' });
  });
});
