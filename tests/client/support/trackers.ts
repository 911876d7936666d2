import { trackersEndpoints } from '@/contract/trackers';
import { mockClock } from '../../../mocks/clock';
import { createTrackers } from '../../../server/modules/trackers/create-trackers';
import { fakeTrackerConfig, startFakeProvider, type FakeProvider } from '../../server/trackers/fake-provider';
import { apiAs } from './api-as';
import { clientHost } from './host';

/**
 * Strava and Fitbit for a client test file: the server's real provider clients, pointed at the
 * provider fakes the server tests use (tests/server/trackers/fake-*.ts, answering as the services
 * document), on a loopback port. `provider()` is the fake, reset before every test.
 */
export const withTrackerFakes = () => {
  let fake: FakeProvider | undefined;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake?.reset());
  const provider = () => fake!;
  return {
    provider,
    /** The host with both services configured (the fakes' settings). */
    enable: async () => {
      const config = fakeTrackerConfig(provider().url);
      provider().strava.now = () => mockClock.now().getTime();
      await clientHost.reset({ ...config, trackers: createTrackers(config as never, await clientHost.db(), mockClock) });
    },
    /** `email` connects `service` through the API, as the return page does after the provider's consent. */
    connect: async (email: string, service: 'STRAVA' | 'FITBIT') => {
      const call = await apiAs(email);
      const { url } = await call(trackersEndpoints.authorizeTracker, { body: { apiType: service } });
      const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
      const body = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, ...(back.searchParams.get('scope') ? { scope: back.searchParams.get('scope')! } : {}) };
      await call(service === 'STRAVA' ? trackersEndpoints.connectStrava : trackersEndpoints.connectFitbit, { body });
    },
  };
};
