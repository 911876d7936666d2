import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Short-lived state the browser carries for the server (AES-256-GCM under a key derived from
 * JWT_SECRET and a purpose), so any API process can read it back and nobody can read or alter it.
 * `expiresAt` travels inside the sealed value: an old cookie is refused whatever its Max-Age said.
 */
const keyOf = (secret: string, purpose: string) => createHash('sha256').update(`sealed-cookie:${purpose}:${secret}`).digest();

export const sealValue = (secret: string, purpose: string, value: object, expiresAt: Date) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const plain = JSON.stringify({ value, exp: expiresAt.getTime() });
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
};

/** The value, or null when missing, altered, sealed for another purpose or key, or expired. */
export const openValue = <T>(secret: string, purpose: string, sealed: string | undefined, now: Date): T | null => {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), iv!);
    decipher.setAuthTag(tag!);
    const { value, exp } = JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')) as { value: T; exp: number };
    return exp > now.getTime() ? value : null;
  } catch {
    return null;
  }
};
