import type * as Argon2 from '@node-rs/argon2';
import type { Options } from '@node-rs/argon2';
import { ARGON2ID_PARAMETERS, type PasswordHasher } from './password-hasher';

/**
 * The Node host's hasher: native argon2id (@node-rs/argon2). `Algorithm` is a const enum that
 * isolatedModules cannot import, hence the literal (2 = Argon2id).
 */
const options: Options = {
  algorithm: 2 as Options['algorithm'],
  memoryCost: ARGON2ID_PARAMETERS.memoryKiB,
  timeCost: ARGON2ID_PARAMETERS.passes,
  parallelism: ARGON2ID_PARAMETERS.lanes,
  outputLen: ARGON2ID_PARAMETERS.hashBytes,
};

/** The native binding loads with the first password hashed or checked, not at every start. */
let binding: Promise<typeof Argon2> | undefined;
const argon2 = () => (binding ??= import('@node-rs/argon2'));

export const hashPassword = async (password: string) => (await argon2()).hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string) => {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
};

export const argon2Passwords: PasswordHasher = { hash: hashPassword, verify: verifyPassword };
