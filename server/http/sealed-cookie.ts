import { base64UrlOf, bytesOfBase64Url, randomBytes, textOf, utf8 } from './bytes';
import { IV_BYTES, decrypt, encrypt, keyFromText } from './aes-gcm';

/**
 * Short-lived state the browser carries for the server (AES-256-GCM under a key derived from
 * JWT_SECRET and a purpose), so any API process can read it back and nobody can read or alter it.
 * `expiresAt` travels inside the sealed value: an old cookie is refused whatever its Max-Age said.
 * Form: `<iv>.<tag>.<ciphertext>`, each base64url.
 */
const keyOf = (secret: string, purpose: string) => keyFromText(`sealed-cookie:${purpose}:${secret}`);

export const sealValue = (secret: string, purpose: string, value: object, expiresAt: Date) => {
  const { iv, tag, ciphertext } = encrypt(keyOf(secret, purpose), randomBytes(IV_BYTES), utf8(JSON.stringify({ value, exp: expiresAt.getTime() })));
  return [iv, tag, ciphertext].map(base64UrlOf).join('.');
};

/** The value, or null when missing, altered, sealed for another purpose or key, or expired. */
export const openValue = <T>(secret: string, purpose: string, sealed: string | undefined, now: Date): T | null => {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const [iv, tag, ciphertext] = sealed.split('.').map(bytesOfBase64Url);
    const plain = decrypt(keyOf(secret, purpose), { iv: iv!, tag: tag!, ciphertext: ciphertext! });
    const { value, exp } = JSON.parse(textOf(plain)) as { value: T; exp: number };
    return exp > now.getTime() ? value : null;
  } catch {
    return null;
  }
};
