import { SSO_CALLBACK_PATH } from '@/contract/sso';
import { fixtureUsers } from '../fixtures';
import { identityProvider, newIdpState, type IdpPerson, type IdpState } from './identity-provider';
import { pageState } from './page-state';
import { GOOGLE_SCOPE } from './providers/fake-google-health';
import { polarExerciseEvent } from './providers/fake-polar';
import { fakeTrackerConfig, handleFakeProvider, newFakeProviderState, type FakeProviderState } from './providers/fake-providers';
import { stravaEventFor } from './providers/fake-strava';

/**
 * The outside world of mock mode, in the page: the identity provider and the fitness services,
 * answering the server's own code (server/modules/sso, server/trackers/providers) where it fetches
 * them. Their pages (a provider's sign-in or consent) are under PROVIDER_PAGES on this origin
 * (provider-page.ts); their state lives in localStorage, across those pages and reloads.
 */
export const PROVIDER_PAGES = '/mock-provider';
export type TrackerService = 'STRAVA' | 'FITBIT' | 'POLAR';

/** Who can sign in at the mock provider: the fixture people, a newcomer, and a person whose address it has not verified. */
export const idpPeople: IdpPerson[] = [
  ...fixtureUsers.map((user) => ({ email: user.email, emailVerified: true, givenName: user.firstName, familyName: user.lastName })),
  { email: 'nora@wellness.test', emailVerified: true, givenName: 'Nora', familyName: 'Newcomer', department: 'Research' },
  { email: 'uma@wellness.test', emailVerified: false, givenName: 'Uma', familyName: 'Unverified' },
];

type World = { providers: FakeProviderState; idp: IdpState };
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A person's accounts as they start: a run today and a ride two days ago at Strava, a walk yesterday at Google (Polar lists only uploads after connecting). */
const freshWorld = (now: () => number): World => {
  const providers = newFakeProviderState();
  const at = now();
  const run = Math.max(at - 3 * 60 * MINUTE, Math.floor(at / 86_400_000) * 86_400_000);
  providers.strava.now = now;
  providers.polar.now = now;
  providers.strava.activities = [
    { id: 880001, name: 'Morning Run', sport_type: 'Run', type: 'Run', moving_time: 42 * 60, start_date: iso(run), start_date_local: iso(run) },
    { id: 880002, name: 'Evening Ride', sport_type: 'Ride', type: 'Ride', moving_time: 55 * 60, start_date: iso(at - 2 * 1440 * MINUTE), start_date_local: iso(at - 2 * 1440 * MINUTE) },
  ];
  providers.google.exercises = [{ name: 'users/me/dataTypes/exercise/dataPoints/walk-1', exercise: { interval: { startTime: iso(at - 1440 * MINUTE), endTime: iso(at - 1410 * MINUTE) }, exerciseType: 'WALKING', activeDuration: '1800s' } }];
  return { providers, idp: newIdpState() };
};

/** QA's provider faults (mocks/outside-switches.ts) as the fakes' own documented states. */
const faults: Record<'needsAdmin' | 'refuses', Record<TrackerService, (world: FakeProviderState, on: boolean) => void>> = {
  // Strava's app without its owner's subscription; a client secret rotated in Google's and Polar's consoles.
  needsAdmin: {
    STRAVA: (fakes, on) => void (fakes.strava.inactive = on),
    FITBIT: (fakes, on) => void (fakes.google.clientSecret = on ? 'rotated-in-the-console' : 'google-secret'),
    POLAR: (fakes, on) => void (fakes.polar.clientSecret = on ? 'rotated-in-the-console' : 'polar-secret'),
  },
  // Strava's athlete cap reached; the Google consent given without the activity scope; Polar's mandatory consents not accepted.
  refuses: {
    STRAVA: (fakes, on) => void (fakes.strava.athleteLimit = on ? 0 : null),
    FITBIT: (fakes, on) => void (fakes.google.grantedScope = on ? '' : GOOGLE_SCOPE),
    POLAR: (fakes, on) => void (fakes.polar.consentsMissing = on),
  },
};

export const outsideWorld = (origin: string, clock: { now: () => Date }) => {
  const base = `${origin}${PROVIDER_PAGES}`;
  const state = pageState<World>('wellness.mockOutsideWorld', () => freshWorld(() => clock.now().getTime()));
  const redirectUri = `${origin}${SSO_CALLBACK_PATH}`;
  const client = { clientId: 'wellness-challenge', clientSecret: 'mock-sso-secret', redirectUris: [redirectUri] };
  // Under this origin, as the authorize page must be: openid-client wants https, or plain http on loopback (localhost, 127.0.0.1).
  const issuer = `${base}/sso`;
  const idp = identityProvider({ issuer, authorizePage: `${issuer}/authorize`, client });
  const trackers = fakeTrackerConfig(base, origin);
  /** Runs a stand-in's step and keeps its state (the requests it saw are for the server tests' checks only). */
  const kept = async <T>(step: (world: World) => Promise<T>) => {
    try {
      return await step(state.get());
    } finally {
      state.get().providers.requests.length = 0;
      state.save();
    }
  };
  /** The request as the stand-in under `prefix` reads it: its own paths (`/token`, `/strava-api/...`). */
  const own = (request: Request, prefix: string) => new Request(`http://stand-in${request.url.slice(prefix.length)}`, request);
  const post = (url: string, body: string, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  return {
    oidc: { issuer, clientId: client.clientId, clientSecret: client.clientSecret, buttonLabel: 'Acme SSO', redirectUri },
    trackers: { ...trackers, strava: { ...trackers.strava, athleteLimit: null } },
    /** The page's fetches to a stand-in's address are answered by it; every other one goes on as before. */
    install: () => {
      const network = globalThis.fetch.bind(globalThis);
      globalThis.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.startsWith(`${issuer}/`)) return kept((world) => idp.handle(world.idp, own(new Request(input, init), issuer)));
        if (url.startsWith(`${base}/`)) return kept((world) => handleFakeProvider(world.providers, own(new Request(input, init), base)));
        return network(input, init);
      };
    },
    /** A provider page's answer: the identity provider's for `person` (null: cancelled), a fitness service's consent. */
    signIn: (url: URL, person: IdpPerson | null) => kept((world) => idp.authorize(world.idp, url, person)),
    consent: (url: URL) => kept((world) => handleFakeProvider(world.providers, own(new Request(url), base))),
    applyFaults: (switches: Record<'needsAdmin' | 'refuses', readonly TrackerService[]>, ssoDown: boolean) =>
      kept(async (world) => {
        for (const kind of ['needsAdmin', 'refuses'] as const) for (const [service, set] of Object.entries(faults[kind])) set(world.providers, switches[kind].includes(service as TrackerService));
        world.idp.unavailable = ssoDown;
      }),
    /**
     * QA: a workout just recorded at a provider. Strava and Polar announce it by their webhook (the
     * server's own routes, Polar's signed with the secret the app was given); Fitbit's comes with 'Sync now'.
     */
    addWorkout: async (service: TrackerService, minutes = 30) => {
      const at = clock.now().getTime();
      const { providers } = state.get();
      const id = (providers.issued += 1);
      if (service === 'STRAVA') {
        providers.strava.activities.push({ id, name: 'Lunch Run', sport_type: 'Run', type: 'Run', moving_time: minutes * 60, start_date: iso(at - minutes * MINUTE), start_date_local: iso(at - minutes * MINUTE) });
        state.save();
        const event = stravaEventFor(providers.strava, 'create', id);
        if (event) await post(trackers.strava.webhookCallbackUrl, JSON.stringify(event));
      } else if (service === 'FITBIT') {
        providers.google.exercises.push({ name: `users/me/dataTypes/exercise/dataPoints/mock-${id}`, exercise: { interval: { startTime: iso(at - minutes * MINUTE), endTime: iso(at) }, exerciseType: 'WALKING', activeDuration: `${minutes * 60}s` } });
        state.save();
      } else {
        const start = iso(at - minutes * MINUTE);
        providers.polar.exercises.push({ id: `mock${id}`, upload_time: iso(at), start_time: start.slice(0, 19), start_time_utc_offset: 0, duration: `PT${minutes}M`, sport: 'RUNNING' });
        state.save();
        const event = await polarExerciseEvent(providers.polar, `mock${id}`);
        await post(trackers.providerSettings.POLAR.webhookUrl, event.body, { 'polar-webhook-signature': event.signature });
      }
    },
    reset: () => state.clear(),
  };
};

export type OutsideWorld = ReturnType<typeof outsideWorld>;
