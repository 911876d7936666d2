import { isIP } from 'node:net';

/**
 * Which proxies in front of the app may say who the client is (TRUST_PROXY, docs/security.md#proxies-and-client-addresses).
 * `hops`: that many proxies, each appending the address it saw to X-Forwarded-For (nginx's
 * `$proxy_add_x_forwarded_for`); `addresses`: only peers at these addresses or CIDR ranges.
 */
export type TrustedProxies = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** The names proxy-addr (Fastify's) knows besides addresses: 127.0.0.1/8 + ::1, 169.254/16 + fe80::/10, private ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

const validEntry = (entry: string) => {
  if (namedRanges.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

const TRUE_REFUSED =
  'TRUST_PROXY=true would believe any address a client writes into X-Forwarded-For: set the number of proxies in front of the app (TRUST_PROXY=1 behind one nginx) or their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16)';

/** Reads TRUST_PROXY; returns the sentence that stops the start for a value that cannot be used safely. */
export const parseTrustedProxies = (raw: string | undefined): TrustedProxies | { error: string } => {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'false' || value === '0' || value === 'no') return { kind: 'none' };
  if (value === 'true' || value === 'yes') return { error: TRUE_REFUSED };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) return { error: `TRUST_PROXY must be at most 10 proxies, got "${raw}"` };
    return { kind: 'hops', hops };
  }
  const addresses = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const invalid = addresses.find((entry) => !validEntry(entry));
  if (invalid !== undefined || addresses.length === 0)
    return { error: `TRUST_PROXY must be a number of proxies or a comma list of their addresses or CIDR ranges, got "${invalid ?? raw}"` };
  return { kind: 'addresses', addresses };
};

/**
 * What Fastify's `trustProxy` option gets. A hop count is a trust function: Fastify 5's own numeric
 * `trustProxy` trusts no hop at all (everyone behind the proxy would share its address), and `true`
 * takes the leftmost entry, which the client writes. With `hop < N` the address is the entry the
 * N-th proxy (counted from the app) appended: the peer it saw.
 */
export const fastifyTrustProxy = (proxies: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) => {
  if (proxies.kind === 'none') return false;
  if (proxies.kind === 'addresses') return proxies.addresses;
  const { hops } = proxies;
  return (_address, hop) => hop < hops;
};
