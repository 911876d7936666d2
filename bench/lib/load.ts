import autocannon from 'autocannon';

export type LoadFigures = { label: string; requestsPerSecond: number; p99: number; p50: number; non2xx: number; errors: number };

/** Runs autocannon against one URL and keeps the figures the report needs. */
export const measure = async (label: string, url: string, options: { connections: number; duration: number; headers?: Record<string, string> }): Promise<LoadFigures> => {
  // The load generator runs in a worker thread, so it never competes with an in-process server's event loop.
  const result = await autocannon({ url, connections: options.connections, duration: options.duration, headers: options.headers, workers: 1 });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
};

export const warmUp = (url: string, headers?: Record<string, string>) => autocannon({ url, connections: 10, duration: 2, headers });

export type LoadCall = { label: string; url: string; headers?: Record<string, string> };

/** The round with the median requests/s (its latencies with it). */
const median = (figures: LoadFigures[]) => [...figures].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(figures.length / 2)]!;

/**
 * Measures the calls in alternating rounds and keeps each call's median round, so a burst of other
 * work on the shared cores cannot favour one call over another (single runs varied by +-15 %).
 */
export const measureAlternating = async (calls: LoadCall[], options: { connections: number; duration: number; rounds: number }): Promise<LoadFigures[]> => {
  for (const call of calls) await warmUp(call.url, call.headers);
  const rounds = calls.map((): LoadFigures[] => []);
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [index, call] of calls.entries()) {
      rounds[index]!.push(await measure(call.label, call.url, { connections: options.connections, duration: options.duration, headers: call.headers }));
    }
  }
  return rounds.map(median);
};
