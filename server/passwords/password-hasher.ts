import { randomToken } from '../http/tokens';

/**
 * How passwords are hashed and checked: argon2id in the PHC string format
 * (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), so a hash made by one host verifies on the other.
 * Node: server/passwords/argon2.ts (native); the browser host: a WebAssembly stand-in.
 */
export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  /** False for a wrong password and for a malformed stored hash (which never signs anyone in). */
  verify: (passwordHash: string, password: string) => Promise<boolean>;
};

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane, 16-byte salt, 32-byte hash. Both hosts use these. */
export const ARGON2ID_PARAMETERS = { memoryKiB: 19_456, passes: 2, lanes: 1, saltBytes: 16, hashBytes: 32 } as const;

const dummyHashes = new WeakMap<PasswordHasher, Promise<string>>();

/** Spends the same time as a real check, so unknown e-mails cannot be told apart by timing. */
export const verifyDummyPassword = async (passwords: PasswordHasher, password: string) => {
  let dummy = dummyHashes.get(passwords);
  if (!dummy) {
    dummy = passwords.hash(randomToken(16));
    dummyHashes.set(passwords, dummy);
  }
  await passwords.verify(await dummy, password);
  return false;
};
