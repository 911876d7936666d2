import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Tracker access and refresh tokens are kept sealed (AES-256-GCM) in tracker_connections, so a
 * leaked database dump or backup does not hand out access to anyone's Strava or Fitbit account.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url). Rows written before sealing existed hold
 * the plain token and are read as they are; the next token refresh or reconnect seals them.
 */
const PREFIX = 'v1.';

const keyOf = (secret: string) => createHash('sha256').update(`tracker-tokens:${secret}`).digest();

export const sealToken = (secret: string, token: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
};

/** The token; throws when the stored value was sealed with another key or was altered. */
export const openToken = (secret: string, stored: string) => {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, sealed] = stored.slice(PREFIX.length).split('.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv ?? '', 'base64url'));
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed ?? '', 'base64url')), decipher.final()]).toString('utf8');
};
