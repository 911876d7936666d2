import { operatorFaultOf, type OperatorFault } from './operator-fault';

/** How a provider call failed; the service turns each into plain words for the employee. */
export type ProviderFailure =
  /** 401: the token is no longer valid (one refresh and one retry, then "reconnect needed"). */
  | 'unauthorized'
  /** 403: no permission (Strava's athlete cap of the standard tier, a missing scope). */
  | 'forbidden'
  /** 410: the endpoint or the record is gone for good. */
  | 'gone'
  /** 429, or our own app-wide budget is spent: wait for the window. */
  | 'rate_limited'
  /** 400 on a token call: the code or refresh token was refused. */
  | 'invalid_grant'
  /** The app's own set-up is wrong (API not enabled, client secret, redirect URI, app suspended): the administrator's to fix. */
  | 'operator'
  /** Anything else: no answer, 5xx, a body we cannot read. */
  | 'failed';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly status: number | null,
    /** When a rate-limited call may be tried again. */
    readonly retryAt: Date | null = null,
    /** Which set-up fault, when `failure` is 'operator'. */
    readonly operatorFault: OperatorFault | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * The app's request budget at a provider, shared by every process (kept in the database by the
 * trackers repo): `check` throws `rate_limited` while a window is spent, `record` stores the usage a
 * response reported in its headers.
 */
export type ProviderBudget = {
  check: (provider: string) => Promise<void>;
  record: (provider: string, headers: Headers) => Promise<void>;
};

export const noBudget: ProviderBudget = { check: async () => undefined, record: async () => undefined };

/** Providers are remote: a hanging one must not hold a sync forever. */
const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * Tries of one call that meets a transient failure (no answer, 500, 502, 503, 504), with exponential
 * backoff and jitter as Google's "Rate limits" page asks. Short on purpose: a longer outage is waited
 * for by the work around the call (the Strava inbox's backoff, the sync job's retries).
 */
export const PROVIDER_ATTEMPTS = 3;
const RETRY_BASE_MS = 200;
const TRANSIENT = new Set([500, 502, 503, 504]);
const retryDelayMs = (attempt: number) => Math.round(RETRY_BASE_MS * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const failureOf = (status: number, isTokenCall: boolean): ProviderFailure => {
  if (status === 401) return isTokenCall ? 'invalid_grant' : 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 410) return 'gone';
  if (status === 429) return 'rate_limited';
  if (status === 400 && isTokenCall) return 'invalid_grant';
  return 'failed';
};

/** Seconds from a Retry-After header (seconds or an HTTP date); null when absent. */
const retryAfterOf = (headers: Headers, now: number): Date | null => {
  const raw = headers.get('retry-after');
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return new Date(now + seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : new Date(date);
};

/** The end of the provider's current 15-minute window (Strava's windows start at :00, :15, :30, :45 UTC). */
export const nextQuarterHour = (now: number) => new Date(Math.floor(now / 900_000) * 900_000 + 900_000);

export type ProviderRequest = {
  provider: string;
  budget: ProviderBudget;
  /** Token endpoints: a 400/401 there means the grant was refused, not that a token expired. */
  isTokenCall?: boolean;
  /** Never tried twice (a code exchange: the code is single use). */
  once?: boolean;
  now?: () => number;
};

/** Fetches JSON from a provider within the app's budget; any failure becomes a ProviderError. */
export const providerJson = async (url: string, init: RequestInit, options: ProviderRequest): Promise<unknown> => {
  const now = options.now ?? Date.now;
  // Token calls run under the connection's row lock (refresh) and are not counted by the providers'
  // read limits: they skip the budget, which would need a second database connection meanwhile.
  const budget = options.isTokenCall ? noBudget : options.budget;
  let response: Response | null = null;
  for (let attempt = 1; ; attempt += 1) {
    await budget.check(options.provider);
    const last = attempt >= PROVIDER_ATTEMPTS || options.once === true;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    } catch (error) {
      if (last) throw new ProviderError('failed', `no answer from ${new URL(url).host}: ${(error as Error).message}`, null);
    }
    if (response) await budget.record(options.provider, response.headers);
    // A transient answer (Google 503/504, Strava 5xx) or none: again after a short backoff with jitter.
    if (last || (response && !TRANSIENT.has(response.status))) break;
    await sleep(retryDelayMs(attempt));
  }
  if (!response) throw new ProviderError('failed', `no answer from ${new URL(url).host}`, null);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const operator = operatorFaultOf(response.status, text);
    const failure = operator ? 'operator' : failureOf(response.status, options.isTokenCall ?? false);
    const retryAt = failure === 'rate_limited' ? (retryAfterOf(response.headers, now()) ?? nextQuarterHour(now())) : null;
    throw new ProviderError(failure, `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status} ${text.slice(0, 200)}`, response.status, retryAt, operator);
  }
  if (response.status === 204) return null;
  // Google's revoke answers an empty 200 ("Revoking a token"): that is success, not a broken body.
  const text = await response.text().catch(() => '');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError('failed', `${new URL(url).pathname} answered a body that is not JSON`, response.status);
  }
};

/** Provider fields are untrusted: read a value or fail loudly. */
export const expectString = (value: unknown, what: string): string => {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  throw new ProviderError('failed', `the provider's answer has no ${what}`, null);
};

/** A title fit to store: no control characters (a NUL breaks PostgreSQL text), trimmed, 1-100 characters. */
export const cleanTitle = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 100) : null;
};
