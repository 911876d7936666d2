/** Random values for tokens and file names (Web Crypto: browser and Node 20 alike). */
const randomBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));

export const randomHex = (bytes: number) => Array.from(randomBytes(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** URL-safe base64 of `bytes` random bytes, like the server's randomToken. */
export const randomToken = (bytes = 32) =>
  btoa(String.fromCharCode(...randomBytes(bytes)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

export const bytesToBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
};

export const base64ToBytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
