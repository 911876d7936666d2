import { http, HttpResponse } from 'msw';
import { clientHost } from './support/host';

/**
 * Holds every GET of `path` until `release()` is called, then lets the mock handlers answer: the
 * page's pending state stays on screen exactly as long as the test wants to look at it.
 */
export const holdRequests = (path: string) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  clientHost.server.use(
    http.get(path, async () => {
      await gate;
      return undefined;
    }),
  );
  return release;
};

/**
 * The first `times` GETs of `path` fail with a 500 as the server sends it; later ones reach the mocks.
 * Two by default: the query retries once by itself, so the page shows its error and its Retry recovers.
 */
export const failFirstCalls = (path: string, times = 2) => {
  let calls = 0;
  clientHost.server.use(
    http.get(path, () => {
      calls += 1;
      return calls <= times ? HttpResponse.json({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' }, { status: 500 }) : undefined;
    }),
  );
};
