import { AppError } from './errors';

/**
 * The pure part of the rate limits (rules, window arithmetic, 429 error): no database, no Node APIs,
 * so the browser mocks (mocks/auth/rate-limit.ts) import it and cannot drift from the server.
 */
export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/**
 * Limits of docs/product-rules.md#rate-limits: strict per account, generous per address (a whole office shares one).
 * Sign-in counts FAILED attempts only, per account, per account and address, and per address; the
 * owner's known device (a live refresh cookie of that account) or known address is not held back by
 * failures made elsewhere, so knowing someone's e-mail is not enough to lock them out.
 */
export const rateLimitRules = {
  signinPerAccount: { name: 'signin:account', limit: 20, windowSeconds: 15 * 60 },
  signinPerAccountAddress: { name: 'signin:account-address', limit: 10, windowSeconds: 15 * 60 },
  signinPerAddress: { name: 'signin:address', limit: 300, windowSeconds: 15 * 60 },
  /** An address that signed in to an account is remembered this long (renewed on each success). */
  signinKnownAddress: { name: 'signin:known', limit: 1, windowSeconds: 30 * 24 * 60 * 60 },
  /** Anti-automation: accounts created from one address, and photo bytes uploaded from it. */
  signupPerAddress: { name: 'signup:address', limit: 20, windowSeconds: 60 * 60 },
  uploadBytesPerAddress: { name: 'upload-bytes:address', limit: 20_000_000, windowSeconds: 60 * 60 },
  forgotPerAccount: { name: 'forgot:account', limit: 5, windowSeconds: 60 * 60 },
  forgotPerAddress: { name: 'forgot:address', limit: 100, windowSeconds: 60 * 60 },
  /** Reset mails an admin sends to one employee: no inbox gets flooded, however many clicks. */
  adminResetPerAccount: { name: 'admin-reset:account', limit: 5, windowSeconds: 60 * 60 },
  /** 'Send the link again': a few per hour per account (the link lasts days). */
  confirmResendPerAccount: { name: 'confirm-resend:account', limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export const rateLimitedMessage = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

/** Windows that started at or before this instant are over: the next attempt starts a new one. */
export const expiredWindowStart = (rule: RateLimitRule, now: Date) => new Date(now.getTime() - rule.windowSeconds * 1000);

/** 429 RATE_LIMITED with Retry-After: the whole seconds (at least 1) until the window that started at windowStart ends. */
export const rateLimitedError = (rule: RateLimitRule, windowStart: string | Date, now: Date) => {
  const endsAt = new Date(windowStart).getTime() + rule.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
  return new AppError(429, 'RATE_LIMITED', rateLimitedMessage(retryAfter), { 'retry-after': String(retryAfter) });
};
