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
