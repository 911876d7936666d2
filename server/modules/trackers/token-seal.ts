import { base64UrlOf, bytesOfBase64Url, randomBytes, textOf, utf8 } from '../../http/bytes';
import { IV_BYTES, decrypt, encrypt, keyFromText } from '../../http/aes-gcm';

/**
 * Tracker access and refresh tokens are kept sealed (AES-256-GCM) in tracker_connections, so a
 * leaked database dump or backup does not hand out access to anyone's Strava or Fitbit account.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url). Rows written before sealing existed hold
 * the plain token and are read as they are; the next token refresh or reconnect seals them.
 */
const PREFIX = 'v1.';

const keyOf = (secret: string) => keyFromText(`tracker-tokens:${secret}`);

export const sealToken = (secret: string, token: string) => {
  const { iv, tag, ciphertext } = encrypt(keyOf(secret), randomBytes(IV_BYTES), utf8(token));
  return `${PREFIX}${base64UrlOf(iv)}.${base64UrlOf(tag)}.${base64UrlOf(ciphertext)}`;
};

/** The token; throws when the stored value was sealed with another key or was altered. */
export const openToken = (secret: string, stored: string) => {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, ciphertext] = stored.slice(PREFIX.length).split('.');
  return textOf(decrypt(keyOf(secret), { iv: bytesOfBase64Url(iv ?? ''), tag: bytesOfBase64Url(tag ?? ''), ciphertext: bytesOfBase64Url(ciphertext ?? '') }));
};
