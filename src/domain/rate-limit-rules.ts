import { AppError } from './errors';

/**
 * The pure part of the rate limits (rules, window arithmetic, 429 error): no database, no Node APIs,
 * so it runs on both hosts (Node and mock mode's browser host).
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
  /**
   * Anti-automation: accounts created from one address, and photo bytes uploaded from it. A whole
   * office signs up from one NAT address on launch day, so the default lets 300 people in an hour
   * (SIGNUP_LIMIT_PER_HOUR changes it); a script creating accounts still stops within the hour.
   */
  signupPerAddress: { name: 'signup:address', limit: 300, windowSeconds: 60 * 60 },
  uploadBytesPerAddress: { name: 'upload-bytes:address', limit: 20_000_000, windowSeconds: 60 * 60 },
  forgotPerAccount: { name: 'forgot:account', limit: 5, windowSeconds: 60 * 60 },
  forgotPerAddress: { name: 'forgot:address', limit: 100, windowSeconds: 60 * 60 },
  /** Reset mails an admin sends to one employee: no inbox gets flooded, however many clicks. */
  adminResetPerAccount: { name: 'admin-reset:account', limit: 5, windowSeconds: 60 * 60 },
  /** 'Send the link again': a few per hour per account (the link lasts days). */
  confirmResendPerAccount: { name: 'confirm-resend:account', limit: 3, windowSeconds: 60 * 60 },
  /** Workout-file previews per employee: each reads a whole upload (an Apple Health export takes a while). */
  workoutFilePreviewsPerAccount: { name: 'workout-files:account', limit: 30, windowSeconds: 60 * 60 },
  /**
   * Pushes one phone app's import token carries (docs/trackers.md#phone-apps): a few an hour is the
   * usual cadence, a manual export of past days sends many at once.
   */
  importPerToken: { name: 'import:token', limit: 120, windowSeconds: 60 * 60 },
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
