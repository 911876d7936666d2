import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * The browser host's password hasher: argon2id in WebAssembly (hash-wasm), with the Node host's
 * parameters and its PHC string (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), so a hash made
 * by either verifies with the other (tests/unit/password-hashers.test.ts holds both to that).
 */
const PARAMETERS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;
const SALT_BYTES = 16;

export const wasmPasswords = {
  hash: (password: string): Promise<string> =>
    argon2id({ password, salt: crypto.getRandomValues(new Uint8Array(SALT_BYTES)), ...PARAMETERS, outputType: 'encoded' }),
  verify: async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await argon2Verify({ password, hash: passwordHash });
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  },
};
