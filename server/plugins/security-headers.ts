import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * CSP for the built Vite + Mantine SPA: scripts only from this origin (Vite emits no inline
 * script), inline styles allowed (Mantine injects CSS variables at run time), images from
 * here or data:/blob: URLs (photo previews), no framing, no plugins. Swagger UI at /api/docs
 * loads only same-origin scripts and styles, so the same policy fits it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Security headers on every response, API and SPA alike (@fastify/helmet is not installed). */
export const registerSecurityHeaders = (app: FastifyInstance, config: AppConfig) => {
  const hsts = config.appOrigin.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    // API answers (access tokens, personal data) must not sit in shared caches.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
};
