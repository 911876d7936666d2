/**
 * CPU cost of the crypto on the request paths, in microseconds per call: the project's code (on
 * @noble/hashes and @noble/ciphers, the same in Node and in the browser host) beside a node:crypto
 * reference doing the same work the way the server did before (fast-jwt's HS256 is createHmac).
 * Rounds of the two alternate, so load from other processes falls on both alike; medians printed.
 *
 *   npx tsx bench/token-crypto.ts      BENCH_ROUNDS=7 BENCH_CALLS=20000
 */
import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { signAccessToken, verifyAccessToken } from '../server/http/access-token';
import { sha256, successorToken } from '../server/http/tokens';
import { openValue, sealValue } from '../server/http/sealed-cookie';
import { verifyJwt } from '../server/http/jwt-hs256';

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const calls = Number(process.env.BENCH_CALLS ?? 20_000);
const secret = 'bench-secret-of-a-realistic-length-0123456789abcdef';
const now = new Date();

type Case = { name: string; ours: (i: number) => unknown; reference?: (i: number) => unknown };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const timeRound = async (run: (i: number) => unknown, round: number) => {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run(round * calls + i);
  return ((performance.now() - started) * 1000) / calls;
};

/** Median µs per call of each side; round 0 warms the JIT and is dropped. */
const compare = async ({ ours, reference }: Case) => {
  const times = { ours: [] as number[], reference: [] as number[] };
  for (let round = 0; round <= rounds; round++) {
    const a = await timeRound(ours, round);
    const b = reference ? await timeRound(reference, round) : Number.NaN;
    if (round > 0) {
      times.ours.push(a);
      times.reference.push(b);
    }
  }
  return { ours: median(times.ours), reference: median(times.reference) };
};

// The node:crypto reference: what fast-jwt and the old helpers computed, with node:crypto.
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const header = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const nodeSign = (claims: object) => {
  const input = `${header}.${b64(JSON.stringify(claims))}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};
const nodeVerify = (token: string) => {
  const [h, p, s] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url');
  if (expected !== s) throw new Error('bad signature');
  JSON.parse(Buffer.from(h!, 'base64url').toString());
  return JSON.parse(Buffer.from(p!, 'base64url').toString()) as object;
};
const nodeSeal = (value: object) => {
  const iv = Buffer.alloc(12, 1);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(`sealed-cookie:bench:${secret}`).digest(), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify({ value, exp: 0 }), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
};
const nodeOpen = (sealed: string) => {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(`sealed-cookie:bench:${secret}`).digest(), iv!);
  decipher.setAuthTag(tag!);
  return JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')) as unknown;
};

const claimsOf = (i: number) => ({ sub: String(i + 1), role: 'user', sid: `s${i}`, exp: Math.floor(now.getTime() / 1000) + 900 });
// Distinct tokens, so each verification is a first sight (the remembered set holds 5,000 at most).
const fresh = await Promise.all(Array.from({ length: (rounds + 1) * calls }, (_, i) => signAccessToken({ id: i + 1, role: 'user', sid: `s${i}` }, secret, now, 900)));
const hot = fresh[0]!;
const cookieValue = { state: 'x'.repeat(43), verifier: 'y'.repeat(64) };
const sealed = sealValue(secret, 'bench', cookieValue, new Date(now.getTime() + 600_000));
const nodeSealed = nodeSeal(cookieValue);

const cases: Case[] = [
  { name: 'sign access token', ours: (i) => signAccessToken({ id: i + 1, role: 'user', sid: `s${i}` }, secret, now, 900), reference: (i) => nodeSign(claimsOf(i)) },
  { name: 'verify access token, first sight', ours: (i) => verifyJwt(secret, fresh[i]!), reference: (i) => nodeVerify(fresh[i]!) },
  // Remembered: a map lookup, the same before and after (no node:crypto work to compare with).
  { name: 'verify access token, remembered', ours: () => verifyAccessToken(hot, secret, now) },
  { name: 'sha256 of a refresh token', ours: (i) => sha256(`token-${i}-${'z'.repeat(40)}`), reference: (i) => createHash('sha256').update(`token-${i}-${'z'.repeat(40)}`).digest('hex') },
  { name: 'refresh successor (HMAC)', ours: (i) => successorToken(`token-${i}-${'z'.repeat(40)}`, secret), reference: (i) => createHmac('sha256', secret).update(`refresh-successor:token-${i}`).digest('base64url') },
  { name: 'seal cookie (AES-256-GCM)', ours: () => sealValue(secret, 'bench', cookieValue, now), reference: () => nodeSeal(cookieValue) },
  { name: 'open cookie (AES-256-GCM)', ours: () => openValue(secret, 'bench', sealed, now), reference: () => nodeOpen(nodeSealed) },
];

console.info(`${'µs per call'.padEnd(36)} ${'ours'.padStart(8)} ${'node:crypto'.padStart(12)}`);
for (const entry of cases) {
  const { ours, reference } = await compare(entry);
  console.info(`${entry.name.padEnd(36)} ${ours.toFixed(2).padStart(8)} ${(Number.isNaN(reference) ? '-' : reference.toFixed(2)).padStart(12)}`);
}
