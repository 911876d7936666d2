import { describe, expect, it } from 'vitest';
import { wasmPasswords } from '../../mocks/stand-ins/passwords';
import { argon2Passwords } from '../../server/passwords/argon2';
import { verifyDummyPassword, type PasswordHasher } from '../../server/passwords/password-hasher';

/** The browser stand-in and the Node hasher must be interchangeable: same PHC parameters, each verifies the other's hashes. */
const hashers: Record<string, PasswordHasher> = { node: argon2Passwords, browser: wasmPasswords };
const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

describe('password hashers of the two hosts', () => {
  it.each(Object.entries(hashers))('%s writes argon2id with the shared parameters, a fresh salt each time', async (_host, hasher) => {
    const first = await hasher.hash('Correct horse 1');
    expect(first).toMatch(PHC);
    expect(await hasher.hash('Correct horse 1')).not.toBe(first);
  });

  it.each([
    ['node', 'browser'],
    ['browser', 'node'],
  ])('a hash made by %s verifies with %s, and only for its password', async (maker, checker) => {
    const passwordHash = await hashers[maker]!.hash('Pässwörd ✓ 123');
    expect(await hashers[checker]!.verify(passwordHash, 'Pässwörd ✓ 123')).toBe(true);
    expect(await hashers[checker]!.verify(passwordHash, 'Pässwörd ✓ 124')).toBe(false);
  });

  it.each(Object.entries(hashers))('%s refuses malformed stored hashes instead of throwing', async (_host, hasher) => {
    for (const stored of ['', 'plain-text', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$', '$2b$10$abcdefghijklmnopqrstuv']) expect(await hasher.verify(stored, 'anything')).toBe(false);
  });

  it.each(Object.entries(hashers))('%s answers a dummy check with false after doing the work', async (_host, hasher) => {
    let verified = 0;
    const counting: PasswordHasher = { hash: hasher.hash, verify: async (h, p) => (verified++, hasher.verify(h, p)) };
    expect(await verifyDummyPassword(counting, 'whatever')).toBe(false);
    expect(verified).toBe(1);
  });
});
