import { Agent, request } from 'node:http';

/** One answered call: status and body text (bodies are small here). */
export type Answer = { status: number; body: string };

/**
 * A keep-alive HTTP client on node:http with one socket per concurrent caller: lighter than fetch,
 * so the load generator leaves more of the shared cores to the server it measures.
 */
export const httpClient = (base: string, sockets: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  const call = (method: string, path: string, token: string, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      const req = request({ agent, host: url.hostname, port: url.port, method, path: `/api${path}`, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  return { call, close: () => agent.destroy() };
};

export type HttpClient = ReturnType<typeof httpClient>;

/** The q-quantile (0..1) of a list of milliseconds. */
export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! : Number.NaN;
};

export const median = (values: number[]) => quantile(values, 0.5);
