import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A URL-safe random secret of `bytes` bytes (32 bytes = 256 bits). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The refresh token that replaces `token` on rotation. Deriving it (instead of drawing a random
 * one) lets a second tab that presents the same old token within the grace period receive the
 * very same successor, although only hashes are stored.
 */
export const successorToken = (token: string, secret: string) =>
  createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
