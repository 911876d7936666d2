import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';

/** The refresh token travels only in this cookie, only to /api/auth (docs/product-rules.md#sessions). */
export const REFRESH_COOKIE = 'wc_refresh';
const path = '/api/auth';

export const readRefreshCookie = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 256 ? value : undefined;
};

export const setRefreshCookie = (reply: FastifyReply, config: AppConfig, token: string) =>
  reply.setCookie(REFRESH_COOKIE, token, {
    path,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    maxAge: config.refreshTokenTtlDays * 24 * 60 * 60,
  });

export const clearRefreshCookie = (reply: FastifyReply, config: AppConfig) =>
  reply.clearCookie(REFRESH_COOKIE, { path, httpOnly: true, sameSite: 'strict', secure: config.secureCookies });
