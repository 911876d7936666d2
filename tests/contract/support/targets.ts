import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '@/domain/mail';
import { OPEN_SIGNUP, type SignupPolicy } from '@/domain/access-policy';
import { createTestApp, testDatabase } from '../../server/helpers/test-app';
import { setMockCookieMode } from '../../../mocks/host/api-handler';
import { nodeMockHost } from '../../support/mock-host';
import { mockClock } from '../../../mocks/clock';
import { mockOutbox } from '../../../mocks/outbox';
import { createClient, type Client, type RawResponse, type Send } from './client';
import { seedFixtureUsers } from '../../../mocks/seed/users';

export const DEFAULT_NOW = '2026-11-22T10:00:00Z';

/** Single sign-on of a scenario: the server's OIDC client of a test provider; the mocks' simulated one with the same label. */
export type SsoSetup = { label: string; passwordSignin: boolean; issuer: string; clientId: string; clientSecret: string };
/** Where both targets send the provider's answer (the server's test APP_ORIGIN). */
export const SSO_REDIRECT_URI = 'http://localhost:3000/sso/callback';

/** One side of the contract: the real server or the MSW handlers, driven the same way. */
export type Target = {
  name: 'server' | 'mocks';
  /** Once per file (opens PGlite / starts MSW). */
  setup: () => Promise<void>;
  teardown: () => Promise<void>;
  /** Fixture users only, clock at `now`, empty outbox; the sign-up policy `signup` (open by default); single sign-on when `sso` is given. */
  reset: (now?: string, signup?: SignupPolicy, sso?: SsoSetup) => Promise<void>;
  setNow: (iso: string) => void;
  advance: (ms: number) => void;
  /** A new client with its own cookie jar (a browser tab of its own). */
  client: () => Client;
  /** Mails sent since the last reset, oldest first. */
  mails: () => readonly MailMessage[];
};

const lowerHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join('\n') : String(value)]));

export const serverTarget = (): Target => {
  let app: FastifyInstance | undefined;
  let clock: { set: (iso: string) => void; advance: (ms: number) => void } | undefined;
  let mailer: { sent: MailMessage[] } | undefined;
  const send: Send = async ({ method, url, headers, payload }) => {
    if (!app) throw new Error('server target: call reset() first');
    const response = await app.inject({ method, url, headers, payload });
    await app.afterResponse.idle(); // a mail sent after the answer has arrived before the next step
    const setCookie = response.headers['set-cookie'];
    const raw: RawResponse = {
      status: response.statusCode,
      headers: lowerHeaders(response.headers),
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
      text: response.body,
    };
    return raw;
  };
  return {
    name: 'server',
    // Opens and migrates the file's PGlite once, before the first test's clock starts.
    setup: async () => {
      await testDatabase();
    },
    teardown: async () => {
      await app?.close();
    },
    reset: async (now = DEFAULT_NOW, signup = OPEN_SIGNUP, sso) => {
      await app?.close();
      const oidc = sso ? { issuer: sso.issuer, clientId: sso.clientId, clientSecret: sso.clientSecret, buttonLabel: sso.label, redirectUri: SSO_REDIRECT_URI } : null;
      const created = await createTestApp({ now, config: { signup: { ...signup, fromEnvironment: true }, oidc, passwordSignin: sso?.passwordSignin ?? true } });
      ({ app, clock, mailer } = created);
      await seedFixtureUsers(created.db, new Date(now));
    },
    setNow: (iso) => clock?.set(iso),
    advance: (ms) => clock?.advance(ms),
    client: () => createClient(send),
    mails: () => mailer?.sent ?? [],
  };
};

export const mockTarget = (): Target => {
  const host = nodeMockHost();
  const send: Send = async ({ method, url, headers, payload }) => {
    const response = await fetch(`http://localhost:3000${url}`, { method, headers, body: payload });
    const text = await response.text();
    await host.idle(); // a mail sent after the answer has arrived before the next step
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      setCookies: response.headers.getSetCookie(),
      text,
    };
  };
  return {
    name: 'mocks',
    setup: async () => {
      // Each client keeps its own cookies, so MSW's shared cookie store must stay out of it.
      setMockCookieMode('header');
      // Calls of the API's own (the identity provider, a tracker's fake) go out; an unknown /api call fails the test.
      host.server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).pathname.startsWith('/api/') ? print.error() : undefined) });
    },
    teardown: async () => {
      host.server.close();
      await host.stop();
      setMockCookieMode('jar');
    },
    reset: async (now = DEFAULT_NOW, signup = OPEN_SIGNUP, sso) => {
      const oidc = sso ? { issuer: sso.issuer, clientId: sso.clientId, clientSecret: sso.clientSecret, buttonLabel: sso.label, redirectUri: SSO_REDIRECT_URI } : null;
      mockClock.set(now);
      await host.reset({ signup: { ...signup, fromEnvironment: true }, oidc, passwordSignin: sso?.passwordSignin ?? true });
    },
    setNow: (iso) => mockClock.set(iso),
    advance: (ms) => mockClock.advance(ms),
    client: () => createClient(send),
    mails: () => mockOutbox.all(),
  };
};
