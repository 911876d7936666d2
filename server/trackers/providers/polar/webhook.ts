import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexOf, sameBytes, utf8 } from '../../../http/bytes';

/** AccessLink signs every delivery, the PING included: HMAC-SHA256 of the raw body with the webhook's `signature_secret_key`, hex, in this header. */
export const POLAR_SIGNATURE_HEADER = 'polar-webhook-signature';

/** @noble/hashes, not node:crypto: the route table also runs in the browser (mock mode). */
export const polarSignature = (rawBody: string, secret: string) => hexOf(hmac(sha256, utf8(secret), utf8(rawBody)));

/** Whether the body was signed with our secret (compared in constant time). */
export const polarSignatureValid = (rawBody: string, header: string | string[] | undefined, secret: string) =>
  sameBytes(utf8(typeof header === 'string' ? header.trim().toLowerCase() : ''), utf8(polarSignature(rawBody, secret)));

/**
 * The Polar user with news in a delivery: an EXERCISE event names `user_id` (and `entity_id`, the
 * exercise); a PING (sent when the webhook is created) names nobody.
 */
export const polarEventUsers = (body: Record<string, unknown>): string[] => {
  if (body.event !== 'EXERCISE') return [];
  const user = body.user_id;
  return typeof user === 'number' || (typeof user === 'string' && /^\d{1,20}$/.test(user)) ? [String(user)] : [];
};
