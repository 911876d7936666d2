import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request as the fakes saw it (tests read them back to check what our client sent). */
export type SeenRequest = { method: string; path: string; query: URLSearchParams; form: URLSearchParams; authorization: string | undefined };
export type FakeRequest = { path: string; url: URL; form: URLSearchParams; bearer: string };

export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

export const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};
