import type { HostReply, HostRequest } from '../../http/host';
import type { AppConfig } from '../../config';
import { openValue, sealValue } from '../../http/sealed-cookie';
import type { SignInAttempt } from './relying-party';

/**
 * The two sealed cookies of single sign-on, sent only to /api/auth/sso. Both are read back by the
 * app's own pages (fetch from the callback and profile pages), so SameSite=Strict holds.
 * - the attempt (state, nonce, PKCE verifier): 10 minutes, from 'Sign in with' to the callback;
 * - the newcomer (the address the provider vouched for and its names): 30 minutes, to complete the profile.
 */
export const ATTEMPT_COOKIE = 'wc_sso_attempt';
export const NEWCOMER_COOKIE = 'wc_sso_newcomer';
const path = '/api/auth/sso';
export const ATTEMPT_TTL_MS = 10 * 60 * 1000;
export const NEWCOMER_TTL_MS = 30 * 60 * 1000;

/** `team`: what the provider's team claim named (OIDC_TEAM_CLAIM), joined with the account. */
export type Newcomer = { email: string; firstName: string; lastName: string; team?: string | null };

type Config = Pick<AppConfig, 'jwtSecret' | 'secureCookies'>;

const set = (reply: HostReply, config: Config, name: string, value: string, ttlMs: number) =>
  reply.setCookie(name, value, { path, httpOnly: true, sameSite: 'strict', secure: config.secureCookies, maxAge: ttlMs / 1000 });

export const clearSsoCookie = (reply: HostReply, config: Config, name: string) =>
  reply.clearCookie(name, { path, httpOnly: true, sameSite: 'strict', secure: config.secureCookies });

export const setAttemptCookie = (reply: HostReply, config: Config, attempt: SignInAttempt, now: Date) =>
  set(reply, config, ATTEMPT_COOKIE, sealValue(config.jwtSecret, ATTEMPT_COOKIE, attempt, new Date(now.getTime() + ATTEMPT_TTL_MS)), ATTEMPT_TTL_MS);

export const readAttemptCookie = (request: HostRequest, config: Config, now: Date) => openValue<SignInAttempt>(config.jwtSecret, ATTEMPT_COOKIE, request.cookies[ATTEMPT_COOKIE], now);

export const setNewcomerCookie = (reply: HostReply, config: Config, newcomer: Newcomer, now: Date) =>
  set(reply, config, NEWCOMER_COOKIE, sealValue(config.jwtSecret, NEWCOMER_COOKIE, newcomer, new Date(now.getTime() + NEWCOMER_TTL_MS)), NEWCOMER_TTL_MS);

export const readNewcomerCookie = (request: HostRequest, config: Config, now: Date) => openValue<Newcomer>(config.jwtSecret, NEWCOMER_COOKIE, request.cookies[NEWCOMER_COOKIE], now);
