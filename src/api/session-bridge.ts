/**
 * What the HTTP layer needs from the session, bound once the app (router + query cache) exists.
 * The access token lives in memory only (the session query), never in storage. Apart from http.ts,
 * so binding it on the first load does not bring ky along.
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
