import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';

export type LoadFigures = { label: string; requestsPerSecond: number; p99: number; p50: number; non2xx: number; errors: number };

type Headers = Record<string, string>;

const connectionHeaders = fileURLToPath(new URL('./connection-headers.cjs', import.meta.url));

/** Each connection its own caller (connection-headers.cjs), when a call names several. */
const perConnection = (headerSets: Headers[] | undefined) => {
  if (!headerSets?.length) return {};
  // Read by the worker autocannon starts next (a worker's environment is a copy taken at its start).
  process.env.BENCH_CONNECTION_HEADERS = JSON.stringify(headerSets);
  return { setupClient: connectionHeaders };
};

/** Runs autocannon against one URL and keeps the figures the report needs. */
export const measure = async (
  label: string,
  url: string,
  options: { connections: number; duration: number; headers?: Headers; headersPerConnection?: Headers[] },
): Promise<LoadFigures> => {
  // The load generator runs in a worker thread, so it never competes with an in-process server's event loop.
  const result = await autocannon({ url, connections: options.connections, duration: options.duration, headers: options.headers, workers: 1, ...perConnection(options.headersPerConnection) });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
};

export const warmUp = (url: string, headers?: Headers, headersPerConnection?: Headers[]) =>
  autocannon({ url, connections: 10, duration: 2, headers, workers: 1, ...perConnection(headersPerConnection) });

/** One measured call; `headersPerConnection`: a different caller on each connection (round robin). */
export type LoadCall = { label: string; url: string; headers?: Headers; headersPerConnection?: Headers[] };

/** The round with the median requests/s (its latencies with it). */
const median = (figures: LoadFigures[]) => [...figures].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(figures.length / 2)]!;

/**
 * Measures the calls in alternating rounds and keeps each call's median round, so a burst of other
 * work on the shared cores cannot favour one call over another (single runs varied by +-15 %).
 */
export const measureAlternating = async (calls: LoadCall[], options: { connections: number; duration: number; rounds: number }): Promise<LoadFigures[]> => {
  for (const call of calls) await warmUp(call.url, call.headers, call.headersPerConnection);
  const rounds = calls.map((): LoadFigures[] => []);
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [index, call] of calls.entries()) {
      rounds[index]!.push(await measure(call.label, call.url, { connections: options.connections, duration: options.duration, headers: call.headers, headersPerConnection: call.headersPerConnection }));
    }
  }
  return rounds.map(median);
};
