import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../server/http/access-token';
import { base64UrlOf, bytesOfBase64Url } from '../../server/http/bytes';
import { signJwt } from '../../server/http/jwt-hs256';
import { openValue, sealValue } from '../../server/http/sealed-cookie';
import { randomToken, sha256, successorToken } from '../../server/http/tokens';
import { openToken, sealToken } from '../../server/modules/trackers/token-seal';

/*
 * Tokens, hashes and sealed values are computed by @noble code that runs in Node and in the browser
 * host. Values written by the former node:crypto + fast-jwt code (recorded below with this secret)
 * must still read, and what the new code writes must read with node:crypto.
 */
const secret = 'a-long-jwt-secret-used-only-by-this-test-0123456789';
const issuedAt = new Date('2026-03-02T10:00:00Z');
const recorded = {
  accessWithSid:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsInJvbGUiOiJhZG1pbiIsInNpZCI6ImZhbWlseS0xIiwiZXhwIjoxNzcyNDQ2NTAwfQ.3oUHcujiu38eBI8qn24Ujzzuq7lYk9U-0nTHed7w_r8',
  accessNoSid: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI3Iiwicm9sZSI6InVzZXIiLCJleHAiOjE3NzI0NDY1MDB9.M06nYBNpqMlED7VBJ7IJYUjYl6cRYRYkXxuVfpDoA9g',
  sha256OfRefreshToken: 'a49d51bec83e37f16f1b694f11d6723b72b28c1b847d5f71112da35a3a9898bf',
  successorOfOldToken: 'oaQs_TmcGAAkg7dfMPYklqFXbykVxBiNJFbK6sOTA0c',
  sealedSsoState: 's0YyNFhE8B2IYNeX.Qszh_PMoogkyKG2MSe2Idw.aOAKgz5IIq5qlgsFFdJ91gfDTZTDjAA3yWwuJoHbdS4DCr4-iuoFiHXTJWzi-nan6-Fh646iWt53huN7t6ZjyPFHfLQ',
  sealedTrackerToken: 'v1.dXI6wn_ckEbObMnT.8wLdtxKH6x8_85yK4VyVQw.MXExrYCYLczzdNxDeb319PYtD65SaA',
};

/** The text with its first character changed (the last one may carry only padding bits). */
const flipped = (part: string) => `${part.startsWith('A') ? 'B' : 'A'}${part.slice(1)}`;

describe('access tokens (HS256)', () => {
  it('signs byte for byte what fast-jwt signed', () => {
    expect(signJwt(secret, { sub: '42', role: 'admin', sid: 'family-1', exp: 1772446500 })).toBe(recorded.accessWithSid);
    expect(signJwt(secret, { sub: '7', role: 'user', exp: 1772446500 })).toBe(recorded.accessNoSid);
  });

  it('gives two tokens of one session issued in the same second different values (a refresh replaces its token)', async () => {
    const first = await signAccessToken({ id: 42, role: 'admin', sid: 'family-1' }, secret, issuedAt, 900);
    const second = await signAccessToken({ id: 42, role: 'admin', sid: 'family-1' }, secret, issuedAt, 900);
    expect(second).not.toBe(first);
    expect(await verifyAccessToken(second, secret, issuedAt)).toEqual(await verifyAccessToken(first, secret, issuedAt));
  });

  it('accepts tokens issued before the change until they expire, except those naming no sign-in', async () => {
    expect(await verifyAccessToken(recorded.accessWithSid, secret, issuedAt)).toEqual({ id: 42, role: 'admin', sid: 'family-1' });
    // A token naming no sign-in (as fast-jwt's tokens before `sid`) cannot be ended by a sign-out: refused.
    await expect(verifyAccessToken(recorded.accessNoSid, secret, issuedAt)).rejects.toMatchObject({ statusCode: 401, serverCode: 'SESSION_REVOKED' });
    await expect(verifyAccessToken(recorded.accessNoSid, secret, new Date(issuedAt.getTime() + 900_000))).rejects.toMatchObject({ statusCode: 401, serverCode: 'TOKEN_EXPIRED' });
  });

  it('refuses another secret, an altered payload or signature, alg none and malformed tokens', async () => {
    const [header, payload, signature] = recorded.accessNoSid.split('.') as [string, string, string];
    const adminPayload = base64UrlOf(new TextEncoder().encode('{"sub":"7","role":"admin","exp":1772446500}'));
    const noneHeader = base64UrlOf(new TextEncoder().encode('{"alg":"none","typ":"JWT"}'));
    const refused = [
      `${header}.${adminPayload}.${signature}`,
      `${header}.${payload}.${flipped(signature)}`,
      `${noneHeader}.${payload}.`,
      `${header}.${payload}`,
      'not-a-token',
      '',
    ];
    for (const token of refused) await expect(verifyAccessToken(token, secret, issuedAt)).rejects.toMatchObject({ statusCode: 401 });
    await expect(verifyAccessToken(recorded.accessNoSid, `${secret}x`, issuedAt)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('verifies with node:crypto what it signs', async () => {
    const token = await signAccessToken({ id: 9, role: 'user', sid: 'ş-family' }, secret, issuedAt, 60);
    const [header, payload, signature] = token.split('.');
    expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'))).toEqual({ sub: '9', role: 'user', sid: 'ş-family', exp: 1772445660, jti: expect.stringMatching(/^[\w-]{16}$/) });
  });
});

describe('refresh-token hashes and successors', () => {
  it('hash and derive exactly as before, so stored hashes still match', () => {
    expect(sha256('refresh-token-ä')).toBe(recorded.sha256OfRefreshToken);
    expect(successorToken('old-token', secret)).toBe(recorded.successorOfOldToken);
    const token = randomToken();
    expect(sha256(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(successorToken(token, secret)).toBe(createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url'));
  });

  it('draws URL-safe random tokens of the asked size', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => randomToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Buffer.from(randomToken(12), 'base64url')).toHaveLength(12);
  });
});

describe('base64url', () => {
  it('writes and reads what Buffer writes and reads, for every length and byte', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = randomBytes(length);
      const text = bytes.toString('base64url');
      expect(base64UrlOf(bytes)).toBe(text);
      expect(Buffer.from(bytesOfBase64Url(text))).toEqual(bytes);
    }
  });

  it('refuses characters outside the alphabet', () => {
    for (const text of ['ab+c', 'ab/c', 'abc=', 'a b', 'é', 'abcde']) expect(() => bytesOfBase64Url(text)).toThrow();
  });
});

describe('sealed cookies (AES-256-GCM)', () => {
  it('opens values sealed before the change', () => {
    expect(openValue(secret, 'sso-state', recorded.sealedSsoState, issuedAt)).toEqual({ state: 'xyz', n: 1, name: 'Ștefan' });
  });

  it('seals values node:crypto opens, with a fresh IV each time', () => {
    const sealed = sealValue(secret, 'sso-state', { a: 'ü' }, new Date('2030-01-01T00:00:00Z'));
    expect(sealed).not.toBe(sealValue(secret, 'sso-state', { a: 'ü' }, new Date('2030-01-01T00:00:00Z')));
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(`sealed-cookie:sso-state:${secret}`).digest(), iv!);
    decipher.setAuthTag(tag!);
    expect(JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8'))).toEqual({ value: { a: 'ü' }, exp: Date.parse('2030-01-01T00:00:00Z') });
  });

  it('refuses another purpose or secret, an altered part, an expired value and junk', () => {
    const [iv, tag, body] = recorded.sealedSsoState.split('.') as [string, string, string];
    expect(openValue(secret, 'other', recorded.sealedSsoState, issuedAt)).toBeNull();
    expect(openValue(`${secret}x`, 'sso-state', recorded.sealedSsoState, issuedAt)).toBeNull();
    for (const altered of [`${flipped(iv)}.${tag}.${body}`, `${iv}.${flipped(tag)}.${body}`, `${iv}.${tag}.${flipped(body)}`, `${iv}.${tag}`, 'x.y.z', '', undefined]) {
      expect(openValue(secret, 'sso-state', altered, issuedAt)).toBeNull();
    }
    expect(openValue(secret, 'sso-state', recorded.sealedSsoState, new Date('2030-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('sealed tracker tokens', () => {
  it('opens tokens sealed before the change and plain tokens stored before sealing existed', () => {
    expect(openToken(secret, recorded.sealedTrackerToken)).toBe('strava-access-token-ü');
    expect(openToken(secret, 'plain-legacy-token')).toBe('plain-legacy-token');
  });

  it('seals tokens node:crypto opens', () => {
    const [iv, tag, body] = sealToken(secret, 'refresh-ß').slice(3).split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(`tracker-tokens:${secret}`).digest(), iv!);
    decipher.setAuthTag(tag!);
    expect(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')).toBe('refresh-ß');
  });

  it('throws for another secret or an altered value', () => {
    expect(() => openToken(`${secret}x`, recorded.sealedTrackerToken)).toThrow();
    const [iv0, tag0, body0] = recorded.sealedTrackerToken.slice(3).split('.') as [string, string, string];
    expect(() => openToken(secret, `v1.${iv0}.${tag0}.${flipped(body0)}`)).toThrow();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(`tracker-tokens:${secret}`).digest(), iv);
    const body = Buffer.concat([cipher.update('from-node', 'utf8'), cipher.final()]);
    expect(openToken(secret, `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`)).toBe('from-node');
  });
});
