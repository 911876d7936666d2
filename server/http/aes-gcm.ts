import { gcm } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8 } from './bytes';

/*
 * AES-256-GCM in the layout node:crypto gave the values already stored: a 12-byte IV, the 16-byte
 * tag and the ciphertext kept apart (noble appends the tag to the ciphertext).
 */
export const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SealedParts = { iv: Uint8Array; tag: Uint8Array; ciphertext: Uint8Array };

/** The key for a purpose: SHA-256 of a text naming the purpose and the secret. */
export const keyFromText = (text: string) => sha256(utf8(text));

export const encrypt = (key: Uint8Array, iv: Uint8Array, plain: Uint8Array): SealedParts => {
  const sealed = gcm(key, iv).encrypt(plain);
  return { iv, tag: sealed.subarray(sealed.length - TAG_BYTES), ciphertext: sealed.subarray(0, sealed.length - TAG_BYTES) };
};

/** The plain bytes; throws when the key is another one or any part was altered. */
export const decrypt = (key: Uint8Array, { iv, tag, ciphertext }: SealedParts) => {
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Sealed value has a malformed IV or tag');
  const joined = new Uint8Array(ciphertext.length + TAG_BYTES);
  joined.set(ciphertext);
  joined.set(tag, ciphertext.length);
  return gcm(key, iv).decrypt(joined);
};
