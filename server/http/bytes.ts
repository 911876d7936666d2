import { bytesToHex, randomBytes as secureRandomBytes } from '@noble/hashes/utils.js';

/*
 * Byte helpers on the web platform (TextEncoder, crypto.getRandomValues), present in Node
 * and in browsers alike: the server's code runs on both hosts, so nothing here imports node:*.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `bytes` bytes from the platform's cryptographic random source. */
export const randomBytes = (bytes: number): Uint8Array => secureRandomBytes(bytes);

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** UTF-8 to text; invalid sequences become U+FFFD, as Buffer's toString('utf8') does. */
export const textOf = (bytes: Uint8Array) => decoder.decode(bytes);

export const hexOf = (bytes: Uint8Array) => bytesToHex(bytes);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE_OF[ALPHABET.charCodeAt(i)] = i;

/** Base64url without padding (RFC 4648 section 5), as Buffer's 'base64url' writes it. By table: btoa costs ~5x more on Node. */
export const base64UrlOf = (bytes: Uint8Array) => {
  let text = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    text += ALPHABET[triple >> 18]! + ALPHABET[(triple >> 12) & 63]! + ALPHABET[(triple >> 6) & 63]! + ALPHABET[triple & 63]!;
  }
  const left = bytes.length - i;
  if (left === 1) {
    const single = bytes[i]!;
    text += ALPHABET[single >> 2]! + ALPHABET[(single & 3) << 4]!;
  } else if (left === 2) {
    const pair = (bytes[i]! << 8) | bytes[i + 1]!;
    text += ALPHABET[pair >> 10]! + ALPHABET[(pair >> 4) & 63]! + ALPHABET[(pair & 15) << 2]!;
  }
  return text;
};

/** The bytes of an unpadded base64url text; throws on characters outside the alphabet or an impossible length. */
export const bytesOfBase64Url = (text: string): Uint8Array => {
  if (text.length % 4 === 1) throw new TypeError('Not base64url: impossible length');
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let buffered = 0;
  let written = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? VALUE_OF[code]! : -1;
    if (value < 0) throw new TypeError('Not base64url: unexpected character');
    buffered = ((buffered << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[written++] = (buffered >> bits) & 0xff;
    }
  }
  return bytes;
};

/** Equality that takes the same time wherever the first difference is (for secrets compared with input). */
export const sameBytes = (a: Uint8Array, b: Uint8Array) => {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
};
