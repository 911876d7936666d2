import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleFakeProvider, newFakeProviderState, type FakeProviderState } from '../../../mocks/stand-ins/providers/fake-providers';

export type { FakeExercise, GoogleFault } from '../../../mocks/stand-ins/providers/fake-google-health';
export type { FakeStravaActivity, StravaFault } from '../../../mocks/stand-ins/providers/fake-strava';
export { nextStravaWindow, stravaDeauthorization, stravaEventFor } from '../../../mocks/stand-ins/providers/fake-strava';
export type { FakePolarExercise } from '../../../mocks/stand-ins/providers/fake-polar';
export { polarExerciseEvent, polarSign } from '../../../mocks/stand-ins/providers/fake-polar';
export type { SeenRequest } from '../../../mocks/stand-ins/providers/fake-http';
export { fakeTrackerConfig } from '../../../mocks/stand-ins/providers/fake-providers';

/**
 * The provider fakes (mocks/stand-ins/providers: Strava, Google Health and Polar AccessLink, each
 * answering as its provider documents; mock mode runs the same in the page) on 127.0.0.1. Server
 * tests, the browser tests (on E2E_PORT+1) and the benchmarks all talk to it.
 */
export type FakeProvider = Omit<FakeProviderState, 'issued'> & {
  url: string;
  reset: () => void;
  /** The fakes as one fetch handler. */
  handle: (request: Request) => Promise<Response>;
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

/** `port` 0 picks a free one; browser tests use a fixed port the app was configured with. */
export const startFakeProvider = async (port = 0): Promise<FakeProvider> => {
  // Tests replace the fakes' parts (`provider.strava = ...`) and read them back: the handler reads the same object.
  const provider = newFakeProviderState() as FakeProviderState & Partial<FakeProvider>;
  const handle = (request: Request) => handleFakeProvider(provider, request);

  // The Node server only carries requests to the fetch handler and its answers back.
  const serve = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const body = await readBody(incoming);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
    const method = incoming.method ?? 'GET';
    const answer = await handle(new Request(new URL(incoming.url ?? '/', 'http://127.0.0.1'), { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body }));
    outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
    outgoing.end(Buffer.from(await answer.arrayBuffer()));
  };

  const server: Server = createServer((request, response) => void serve(request, response));
  // A busy test machine can leave a kept-alive socket idle past Node's 5 s default: closing it then resets the next request.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return Object.assign(provider, {
    handle,
    url: `http://127.0.0.1:${bound}`,
    reset: () => {
      const fresh = newFakeProviderState();
      provider.requests.length = 0;
      Object.assign(provider, { ...fresh, requests: provider.requests });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
};
