import ky from 'ky';

/**
 * What the HTTP layer needs from the session, bound once the app (router + query cache) exists.
 * The access token lives in memory only (the session query), never in storage.
 */
export type SessionBridge = {
  accessToken: () => string | null;
  /** One shared refresh for every request that got a 401; resolves false when the session is gone. */
  refreshAfterUnauthorised: () => Promise<boolean>;
};

let bridge: SessionBridge = { accessToken: () => null, refreshAfterUnauthorised: async () => false };

export const bindSession = (next: SessionBridge) => {
  bridge = next;
};
export const sessionBridge = () => bridge;

/** Authentication calls carry cookies instead of the bearer token (SPEC section 7). */
export const isAuthPath = (path: string) => path.startsWith('/auth/') || path.startsWith('auth/');

const isAuthUrl = (url: string) => new URL(url).pathname.startsWith('/api/auth/');

/** ky instance: no retries (TanStack Query owns them), no timeout (SPEC 9), bearer token on non-auth calls. */
export const http = ky.create({
  // jsdom and the browser both know location; ky needs an absolute prefix under jsdom.
  prefixUrl: `${globalThis.location?.origin ?? 'http://localhost'}/api`,
  retry: 0,
  timeout: false,
  hooks: {
    beforeRequest: [
      (request) => {
        if (isAuthUrl(request.url)) return;
        const token = bridge.accessToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});
