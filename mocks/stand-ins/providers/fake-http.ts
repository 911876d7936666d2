/** One request as the fakes saw it (tests read them back to check what our client sent). */
export type SeenRequest = { method: string; path: string; query: URLSearchParams; form: URLSearchParams; authorization: string | undefined };
/** What a fake's handler reads of a request (plain data: the handlers are fetch-style, no Node server APIs). */
export type FakeRequest = { method: string; path: string; url: URL; form: URLSearchParams; bearer: string; authorization: string; text: string };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

export const empty = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

/** A fetch Request as the fakes read it. */
export const fakeRequestOf = async (request: Request): Promise<FakeRequest> => {
  const url = new URL(request.url);
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  const form = new URLSearchParams(text);
  const authorization = request.headers.get('authorization') ?? '';
  return { method: request.method, path: url.pathname, url, form, bearer: authorization.replace(/^Bearer /, ''), authorization, text };
};

const utf8 = (text: string) => new TextEncoder().encode(text);

/** base64url of a text, as providers write opaque tokens (no Node Buffer: the fakes run in a browser too). */
export const base64url = (data: string | Uint8Array) =>
  btoa(String.fromCharCode(...(typeof data === 'string' ? utf8(data) : data)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
export const fromBase64url = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)));

/** SHA-256 (PKCE's S256) and HMAC-SHA256 on WebCrypto, which Node and browsers both have. */
export const sha256Base64url = async (text: string) => base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text))));
export const hmacSha256Hex = async (secret: string, body: string) => {
  const key = await crypto.subtle.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return [...new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8(body)))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
};
