import ky from 'ky';
import { API_BASE } from './api-base';
import { sessionBridge } from './session-bridge';

export { bindSession, sessionBridge, type SessionBridge } from './session-bridge';

/** Authentication calls carry cookies instead of the bearer token (docs/product-rules.md#endpoints). */
export const isAuthPath = (path: string) => path.startsWith('/auth/') || path.startsWith('auth/');

const isAuthUrl = (url: string) => new URL(url).pathname.startsWith('/api/auth/');

/** ky instance: no retries (TanStack Query owns them), no timeout (docs/product-rules.md#endpoints), bearer token on non-auth calls. */
export const http = ky.create({
  prefixUrl: API_BASE,
  retry: 0,
  timeout: false,
  hooks: {
    beforeRequest: [
      (request) => {
        if (isAuthUrl(request.url)) return;
        const token = sessionBridge().accessToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});
