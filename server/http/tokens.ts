import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as sha256Of } from '@noble/hashes/sha2.js';
import { base64UrlOf, hexOf, randomBytes, utf8 } from './bytes';

/** A URL-safe random secret of `bytes` bytes (32 bytes = 256 bits). */
export const randomToken = (bytes = 32) => base64UrlOf(randomBytes(bytes));

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export const sha256 = (value: string) => hexOf(sha256Of(utf8(value)));

/** SHA-256 as base64url (e.g. a PKCE code challenge, RFC 7636 S256). */
export const sha256Base64Url = (value: string) => base64UrlOf(sha256Of(utf8(value)));

/*
 * The keyed HMAC state is built once per secret and cloned per message: that saves the key's two
 * SHA-256 blocks and its allocations on every call (secrets are the few the config holds).
 */
const keyedStates = new Map<string, ReturnType<typeof hmac.create>>();

/** HMAC-SHA-256 of `message` (UTF-8) under `secret` (UTF-8), base64url without padding. */
export const hmacSha256 = (secret: string, message: string) => {
  let keyed = keyedStates.get(secret);
  if (!keyed) {
    keyed = hmac.create(sha256Of, utf8(secret));
    keyedStates.set(secret, keyed);
  }
  return base64UrlOf(keyed.clone().update(utf8(message)).digest());
};

/**
 * The refresh token that replaces `token` on rotation. Deriving it (instead of drawing a random
 * one) lets a second tab that presents the same old token within the grace period receive the
 * very same successor, although only hashes are stored.
 */
export const successorToken = (token: string, secret: string) => hmacSha256(secret, `refresh-successor:${token}`);
