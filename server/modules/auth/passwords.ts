import { hash, verify, type Options } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum that
 * isolatedModules cannot import, hence the literal (2 = Argon2id).
 */
const options: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
};

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown e-mails cannot be told apart by timing. */
export const verifyDummyPassword = async (password: string) => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
};
