import { HttpResponse, delay, http } from 'msw';
import { unauthorized } from '@/domain/errors';
import { errorAnswer, internalErrorAnswer, noEndpoint } from '../../server/http/error-answer';
import type { HostAnswer, HostHeaders, HostReply } from '../../server/http/host';
import { answerRoute, authorize } from '../../server/http/respond';
import { requestIdFrom } from '../../server/http/request-id';
import { uploadResponse } from '../../server/http/upload-response';
import { mockNetwork } from '../network';
import { SLOW_SCENARIO_MS, mockScenario } from '../scenarios';
import { mirrorReadableCookie, mockCookieJar } from './cookie-jar';
import { expiredCookie, headerCookies, serializeCookie } from './cookies';
import type { MockApi } from './mock-api';
import { formOf, readBody, readQuery } from './read-request';

/**
 * How Set-Cookie reaches the next request. `jar` (browser and jsdom tests): the page's mockCookieJar
 * keeps them, because a browser drops Set-Cookie from worker responses and Node's fetch keeps no
 * cookies. `header` leaves cookies to the caller (the contract harness's cookie jars).
 */
let cookieMode: 'jar' | 'header' = 'jar';
const UPLOAD_PATH = /^\/api\/uploads\/([^/]+)\/?$/;
export const setMockCookieMode = (mode: typeof cookieMode) => {
  cookieMode = mode;
};

const headersOf = (request: Request): HostHeaders => {
  const headers: HostHeaders = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
};

const bodyOf = (answer: HostAnswer): BodyInit | null => {
  const { body } = answer;
  if (body.kind === 'json') return body.text;
  if (body.kind === 'bytes') return body.bytes as Uint8Array<ArrayBuffer>;
  if (body.kind === 'empty') return null;
  const encoder = new TextEncoder();
  const lines = body.lines[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
};

const responseOf = (answer: HostAnswer, cookies: string[], requestId: string) => {
  const headers = new Headers(answer.headers);
  headers.set('x-request-id', requestId);
  if (cookieMode === 'header') for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(bodyOf(answer), { status: answer.status, headers });
};

/**
 * The one MSW handler of mock mode: every `/api` request goes to the server's own route table
 * (server/api.ts) through the same steps as in Node: the route, the caller's role, the body, then
 * answerRoute. QA's switches (offline, latency, one-shot scenarios) come first.
 */
export const apiHandler = (api: () => Promise<MockApi>) =>
  http.all('*/api/*', async ({ request }) => {
    const url = new URL(request.url);
    // Only the app's own /api: dev-server modules such as /src/features/x/api/y.ts pass through.
    if (!url.pathname.startsWith('/api/')) return undefined;
    if (mockNetwork.isOffline()) return HttpResponse.error();
    const latency = mockScenario.latency();
    if (latency > 0) await delay(latency);
    const { deps, match, log, afterWrite } = await api();
    const requestId = requestIdFrom(request.headers.get('x-request-id') ?? undefined);
    const setCookies: string[] = [];
    const reply: HostReply = {
      setCookie: (name, value, options) => {
        if (cookieMode === 'jar') mockCookieJar.set(name, value, options.path);
        if (cookieMode === 'jar' && !options.httpOnly) mirrorReadableCookie(name, value, options.path);
        setCookies.push(serializeCookie(name, value, options));
      },
      clearCookie: (name, options) => {
        if (cookieMode === 'jar') mockCookieJar.remove(name);
        if (cookieMode === 'jar' && !options.httpOnly) mirrorReadableCookie(name, null, options.path);
        setCookies.push(expiredCookie(name, options));
      },
    };
    let answer: HostAnswer;
    try {
      // Uploaded photos: outside the contract (an <img> fetches them), answered as in Node.
      const photo = request.method === 'GET' ? UPLOAD_PATH.exec(url.pathname) : null;
      if (photo) {
        const { status, headers, body } = await uploadResponse(deps.photos, decodeURIComponent(photo[1]!));
        return responseOf({ status, headers, body: { kind: 'bytes', bytes: body } }, [], requestId);
      }
      const found = match(request.method, url.pathname);
      if (!found) throw noEndpoint(request.method, url.pathname);
      const { endpoint } = found.entry;
      const scenario = mockScenario.take({ authenticated: endpoint.auth !== 'guest', endpoint: `${endpoint.method} ${endpoint.path}`, request: `${request.method} ${request.url}` });
      if (scenario === 'network-error') return HttpResponse.error();
      if (scenario === 'server-error') return responseOf(internalErrorAnswer(), [], requestId);
      if (scenario === 'expired-session') throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
      if (scenario === 'slow') await delay(SLOW_SCENARIO_MS);
      const headers = headersOf(request);
      const user = await authorize(endpoint, headers, deps);
      const hostRequest = {
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers,
        cookies: cookieMode === 'jar' ? mockCookieJar.cookiesFor(url.pathname) : headerCookies(request.headers.get('cookie')),
        ip: '127.0.0.1',
        host: url.host,
        log,
        body: await readBody(request.clone(), endpoint.maxBodyBytes),
        form: endpoint.multipart ? formOf(request) : null,
        rawBody: endpoint.rawBody ? await request.clone().text() : undefined,
      };
      answer = await answerRoute(found.entry, user, { params: found.params, query: readQuery(url) }, hostRequest, reply, deps);
    } catch (error) {
      answer = errorAnswer(error, log);
    }
    if (request.method !== 'GET') await afterWrite();
    return responseOf(answer, setCookies, requestId);
  });
