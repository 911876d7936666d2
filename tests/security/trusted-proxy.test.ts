import { rateLimits } from '../../server/db/schema';
import { sha256 } from '../../server/http/tokens';
import { parseTrustedProxies, type TrustedProxies } from '../../server/http/trusted-proxy';
import { PASSWORD, seedUser } from '../server/auth/fixtures';
import { createTestApp } from '../server/helpers/test-app';

/** Product rules: Rate limits. Behind a proxy, the client's address is the one the proxy saw, never one the client wrote. */

const PROXY = '10.0.0.2';
const ATTACKER = '203.0.113.7';
const VICTIM = '198.51.100.20';

const start = (trustProxy: TrustedProxies) => createTestApp({ now: '2026-11-22T10:00:00Z', config: { trustProxy } });
type Ctx = Awaited<ReturnType<typeof start>>;

/** A sign-in as nginx forwards it: the client's own X-Forwarded-For with the address nginx saw appended. */
const signinVia = (ctx: Ctx, forwardedFor: string, password = 'not the password', peer = PROXY) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress: peer, headers: { 'x-forwarded-for': forwardedFor }, payload: { email: 'jane@example.com', password } });

const limitKeys = async (ctx: Ctx) => (await ctx.db.select().from(rateLimits)).map((row) => row.key);

describe('one proxy in front (TRUST_PROXY=1)', () => {
  let ctx: Ctx;
  beforeEach(async () => {
    ctx = await start({ kind: 'hops', hops: 1 });
    await seedUser(ctx.db, { email: 'jane@example.com' });
  });
  afterEach(async () => {
    await ctx.app.close();
  });

  test('a forged leftmost entry does not escape the per-address limit: the address the proxy saw is counted', async () => {
    await ctx.db.insert(rateLimits).values({ key: `signin:address:${sha256(ATTACKER)}`, windowStart: ctx.clock.now(), count: 299 });
    expect((await signinVia(ctx, `192.0.2.1, ${ATTACKER}`)).statusCode).toBe(401);
    const next = await signinVia(ctx, `192.0.2.2, ${ATTACKER}`);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ serverCode: 'RATE_LIMITED' });
  });

  test("a forged leftmost entry naming someone else's address counts nothing against it", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signinVia(ctx, `${VICTIM}, ${ATTACKER}`)).statusCode).toBe(401);
    const keys = await limitKeys(ctx);
    expect(keys).toContain(`signin:address:${sha256(ATTACKER)}`);
    expect(keys.some((key) => key.includes(sha256(VICTIM)))).toBe(false);
    // The owner of that address, behind the same proxy, signs in.
    expect((await signinVia(ctx, VICTIM, PASSWORD)).statusCode).toBe(200);
  });

  test('clients behind the proxy are told apart from each other, not counted as the proxy', async () => {
    await signinVia(ctx, ATTACKER);
    await signinVia(ctx, VICTIM);
    const keys = await limitKeys(ctx);
    expect(keys).toContain(`signin:address:${sha256(ATTACKER)}`);
    expect(keys).toContain(`signin:address:${sha256(VICTIM)}`);
    expect(keys).not.toContain(`signin:address:${sha256(PROXY)}`);
  });
});

describe('the proxies by address (TRUST_PROXY=10.0.0.0/24)', () => {
  test("a peer that is not a listed proxy is its own address, whatever it writes", async () => {
    const ctx = await start({ kind: 'addresses', addresses: ['10.0.0.0/24'] });
    await seedUser(ctx.db, { email: 'jane@example.com' });
    await signinVia(ctx, VICTIM, 'wrong', ATTACKER);
    await signinVia(ctx, ATTACKER, 'wrong', PROXY);
    await signinVia(ctx, `${VICTIM}, 192.0.2.9`, 'wrong', PROXY);
    const keys = await limitKeys(ctx);
    expect(keys).toContain(`signin:address:${sha256(ATTACKER)}`);
    expect(keys).toContain(`signin:address:${sha256('192.0.2.9')}`);
    expect(keys.some((key) => key.includes(sha256(VICTIM)))).toBe(false);
    await ctx.app.close();
  });
});

describe('TRUST_PROXY values', () => {
  test('a hop count, addresses and ranges are read; true and nonsense stop the start with a sentence', () => {
    expect(parseTrustedProxies(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustedProxies('false')).toEqual({ kind: 'none' });
    expect(parseTrustedProxies('0')).toEqual({ kind: 'none' });
    expect(parseTrustedProxies('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustedProxies('10.0.0.5, 10.1.0.0/16,::1,loopback')).toEqual({ kind: 'addresses', addresses: ['10.0.0.5', '10.1.0.0/16', '::1', 'loopback'] });
    expect(parseTrustedProxies('true')).toEqual({ error: expect.stringContaining('TRUST_PROXY=1') });
    expect(parseTrustedProxies('10.0.0.0/33')).toEqual({ error: expect.stringContaining('"10.0.0.0/33"') });
    expect(parseTrustedProxies('proxy.example.com')).toEqual({ error: expect.stringContaining('TRUST_PROXY must be') });
  });
});
