/**
 * A target-neutral HTTP client for contract scenarios: one cookie jar per client, JSON or
 * multipart bodies, bearer tokens. Each target supplies `send`, which performs one raw request.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (signup, profile). */
  formData?: FormData;
  /** Sent as is, with `contentType` (malformed-body scenarios). */
  rawBody?: string;
  contentType?: string;
  /** Access token for the Authorization header. */
  token?: string;
  headers?: Record<string, string>;
};

export type ApiResponse = {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- scenarios assert on it and parse it with the contract
  body: any;
  /** Lower-case header names; `set-cookie` joined by newlines. */
  headers: Record<string, string>;
  setCookies: string[];
};

/** One raw request as a target performs it. */
export type RawRequest = { method: Method; url: string; headers: Record<string, string>; payload?: string | FormData };
export type RawResponse = { status: number; headers: Record<string, string>; setCookies: string[]; text: string };
export type Send = (request: RawRequest) => Promise<RawResponse>;

type StoredCookie = { value: string; path: string };

export type Client = {
  request: (method: Method, path: string, options?: RequestOptions) => Promise<ApiResponse>;
  /** Cookies this client holds, by name (only the value). */
  cookie: (name: string) => string | undefined;
  setCookie: (name: string, value: string, path?: string) => void;
};

/** Applies Set-Cookie lines: Max-Age=0 or an Expires in the past removes the cookie. */
const store = (jar: Map<string, StoredCookie>, lines: string[]) => {
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = decodeURIComponent(pair.slice(eq + 1));
    const attribute = (key: string) => attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const maxAge = attribute('max-age');
    const expires = attribute('expires');
    const removed = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && new Date(expires).getTime() <= Date.now()) || value === '';
    if (removed) jar.delete(name);
    else jar.set(name, { value, path: attribute('path') ?? '/' });
  }
};

const cookieHeader = (jar: Map<string, StoredCookie>, path: string) =>
  [...jar.entries()]
    .filter(([, cookie]) => path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
    .map(([name, cookie]) => `${name}=${encodeURIComponent(cookie.value)}`)
    .join('; ');

export const createClient = (send: Send): Client => {
  const jar = new Map<string, StoredCookie>();
  return {
    cookie: (name) => jar.get(name)?.value,
    setCookie: (name, value, path = '/') => {
      jar.set(name, { value, path });
    },
    request: async (method, path, options = {}) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) search.set(key, String(value));
      const pathname = `/api${path}`;
      const url = search.size ? `${pathname}?${search.toString()}` : pathname;
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const cookies = cookieHeader(jar, pathname);
      if (cookies) headers.cookie = cookies;
      let payload: string | FormData | undefined;
      if (options.formData) payload = options.formData;
      else if (options.rawBody !== undefined) {
        payload = options.rawBody;
        if (options.contentType) headers['content-type'] = options.contentType;
      } else if (options.body !== undefined) {
        payload = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
      const raw = await send({ method, url, headers, payload });
      store(jar, raw.setCookies);
      const isJson = (raw.headers['content-type'] ?? '').includes('application/json');
      return { status: raw.status, headers: raw.headers, setCookies: raw.setCookies, body: raw.text === '' ? null : isJson ? JSON.parse(raw.text) : raw.text };
    },
  };
};
