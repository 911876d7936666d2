import type { z } from 'zod';
import { authEndpoints, type AuthSession } from '@/contract/auth';
import { ErrorBody, fillPath, type Endpoint, type ServerCode } from '@/contract/common';
import type { ApiResponse, Client, RequestOptions } from './support/client';
import { DEFAULT_NOW, mockTarget, serverTarget, type Target } from './support/targets';

export type { ApiResponse, Client, RequestOptions } from './support/client';
export { DEFAULT_NOW, SSO_REDIRECT_URI, type SsoSetup } from './support/targets';

/**
 * The contract suite runs every scenario twice: against the real server (buildApp over a migrated
 * in-memory PGlite, app.inject) and against the MSW handlers (mocks/node.ts, fetch). Both start from
 * the same fixture users (mocks/fixtures.ts) at the same clock, so the SAME assertions must pass.
 *
 *   describe.each(targets)('$name', (target) => {
 *     useTarget(target);
 *     test('...', async () => { const res = await target.request('GET', '/health'); ... });
 *   });
 */
export type ContractTarget = Target & {
  /** Request through the default client (reset with the target before each test). */
  request: Client['request'];
  /** The default client (cookie jar included). */
  readonly defaultClient: Client;
  /** Signs in (through `client`, default: a new one); fails the test unless it works. */
  signIn: (email: string, password: string, client?: Client) => Promise<AuthSession & { client: Client }>;
  /** Calls a contract endpoint: fills `:params`, sends query/body. */
  call: <E extends Endpoint>(endpoint: E, options?: RequestOptions & { params?: Record<string, string | number>; client?: Client }) => Promise<ApiResponse>;
  /** The token of the newest reset mail to `email` (server memoryMailer / mocks outbox). */
  resetTokenFor: (email: string) => string | null;
};

const wrap = (target: Target): ContractTarget => {
  let defaultClient: Client | undefined;
  const current = () => (defaultClient ??= target.client());
  const contract: ContractTarget = {
    ...target,
    get defaultClient() {
      return current();
    },
    reset: async (now, signup, sso) => {
      await target.reset(now, signup, sso);
      defaultClient = target.client();
    },
    request: (method, path, options) => current().request(method, path, options),
    call: (endpoint, options = {}) => (options.client ?? current()).request(endpoint.method, fillPath(endpoint.path, options.params), options),
    signIn: async (email, password, client = target.client()) => {
      const response = await client.request('POST', authEndpoints.signin.path, { body: { email, password } });
      if (response.status !== 200) throw new Error(`${target.name}: sign-in of ${email} answered ${response.status} ${JSON.stringify(response.body)}`);
      return { ...authEndpoints.signin.response.parse(response.body), client };
    },
    resetTokenFor: (email) => {
      const mail = [...target.mails()].reverse().find((message) => message.to === email.toLowerCase());
      const match = mail ? /\/reset-password\?token=([^\s"<&]+)/.exec(mail.text) : null;
      return match ? decodeURIComponent(match[1]!) : null;
    },
  };
  return contract;
};

/** Both sides of the contract, for `describe.each(targets)('$name', ...)`. */
export const targets: ContractTarget[] = [wrap(serverTarget()), wrap(mockTarget())];

/** Registers the per-file and per-test hooks: setup once, fixtures + clock reset before each test. */
export const useTarget = (target: ContractTarget, now: string = DEFAULT_NOW) => {
  beforeAll(() => target.setup());
  afterAll(() => target.teardown());
  beforeEach(() => target.reset(now));
};

/** Success: the endpoint's status, and a body its response schema accepts (returned parsed). */
export const expectSuccess = <E extends Endpoint>(endpoint: E, response: ApiResponse): E['response'] extends z.ZodType ? z.output<E['response']> : null => {
  expect({ status: response.status, body: response.status === endpoint.status ? 'ok' : response.body }).toEqual({ status: endpoint.status, body: 'ok' });
  if (!endpoint.response) {
    expect(response.body).toBeNull();
    return null as never;
  }
  return endpoint.response.parse(response.body) as never;
};

/** Failure: status, serverCode and (when given) the exact message; the body is a contract ErrorBody. */
export const expectError = (response: ApiResponse, status: number, serverCode: ServerCode, message?: string) => {
  const body = ErrorBody.parse(response.body);
  expect({ status: response.status, serverCode: body.serverCode, statusCode: body.statusCode }).toEqual({ status, serverCode, statusCode: status });
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
};

/** Attributes of the Set-Cookie for `name`, parsed (for comparing cookies across targets). */
export const cookieAttributes = (response: ApiResponse, name: string) => {
  const line = response.setCookies.find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) return null;
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const attributes = Object.fromEntries(
    rest.map((part) => {
      const [key = '', value = 'true'] = part.split('=');
      return [key.toLowerCase(), key.toLowerCase() === 'samesite' ? value.toLowerCase() : value];
    }),
  );
  delete attributes.expires;
  return { value: decodeURIComponent(pair.slice(pair.indexOf('=') + 1)), ...attributes };
};
