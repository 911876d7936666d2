import type { HostReply, HostRequest } from '../../http/host';
import { SESSION_HINT_COOKIE, SESSION_HINT_COOKIE_OPTIONS } from '@/contract/session-hint';
import type { AppConfig } from '../../config';

/** The refresh token travels only in this cookie, only to /api/auth (docs/product-rules.md#sessions). */
export const REFRESH_COOKIE = 'wc_refresh';
const path = '/api/auth';

export const readRefreshCookie = (request: HostRequest): string | undefined => {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 256 ? value : undefined;
};

/** With the session hint beside it (contract/session-hint.ts), for as long as the refresh cookie lives. */
export const setRefreshCookie = (reply: HostReply, config: AppConfig, token: string) => {
  const maxAge = config.refreshTokenTtlDays * 24 * 60 * 60;
  reply.setCookie(REFRESH_COOKIE, token, { path, httpOnly: true, sameSite: 'strict', secure: config.secureCookies, maxAge });
  return reply.setCookie(SESSION_HINT_COOKIE, '1', { ...SESSION_HINT_COOKIE_OPTIONS, secure: config.secureCookies, maxAge });
};

export const clearRefreshCookie = (reply: HostReply, config: AppConfig) => {
  reply.clearCookie(REFRESH_COOKIE, { path, httpOnly: true, sameSite: 'strict', secure: config.secureCookies });
  return reply.clearCookie(SESSION_HINT_COOKIE, { ...SESSION_HINT_COOKIE_OPTIONS, secure: config.secureCookies });
};
