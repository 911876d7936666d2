/**
 * The page's cookies for mock mode's API (the browser, and jsdom in the client tests): a browser
 * drops Set-Cookie from service-worker answers, and MSW's own store keeps only the first cookie of
 * an answer that sets several. Kept in localStorage, so a session outlives a reload (and a test's
 * localStorage.clear() starts without cookies). Sent by path prefix, as a browser does.
 */
const STORAGE_KEY = 'wellness.mockCookies';

/** Node without a DOM (the contract suite) has no localStorage: the jar then lives in memory. */
const inMemory = new Map<string, string>();
const storage = () =>
  typeof localStorage === 'undefined'
    ? { getItem: (key: string) => inMemory.get(key) ?? null, setItem: (key: string, value: string) => void inMemory.set(key, value), removeItem: (key: string) => void inMemory.delete(key) }
    : localStorage;

type Jar = Record<string, { value: string; path: string }>;

const read = (): Jar => {
  try {
    return JSON.parse(storage().getItem(STORAGE_KEY) ?? '{}') as Jar;
  } catch {
    return {};
  }
};

const write = (jar: Jar) => storage().setItem(STORAGE_KEY, JSON.stringify(jar));

export const mockCookieJar = {
  /** The cookies a request to `pathname` carries. */
  cookiesFor: (pathname: string) => {
    const cookies: Record<string, string> = {};
    for (const [name, cookie] of Object.entries(read())) if (pathname.startsWith(cookie.path)) cookies[name] = cookie.value;
    return cookies;
  },
  set: (name: string, value: string, path: string) => write({ ...read(), [name]: { value, path } }),
  remove: (name: string) => {
    const { [name]: _gone, ...rest } = read();
    write(rest);
  },
  clear: () => storage().removeItem(STORAGE_KEY),
};

/**
 * A cookie the page may read (not httpOnly, such as the session hint of contract/session-hint.ts)
 * is also in document.cookie, as a browser would put it there from a real answer's Set-Cookie.
 */
export const mirrorReadableCookie = (name: string, value: string | null, path: string) => {
  if (typeof document === 'undefined') return;
  document.cookie = value === null ? `${name}=; Max-Age=0; Path=${path}` : `${name}=${encodeURIComponent(value)}; Path=${path}; SameSite=Strict`;
};
