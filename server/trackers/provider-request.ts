/** A provider call that failed (no answer, an error status, or a body we cannot read). */
export class TrackerProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, or null when it did not answer. */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'TrackerProviderError';
  }
}

/** Providers are remote: a hanging one must not hold a request forever. */
const PROVIDER_TIMEOUT_MS = 15_000;

/** Fetches JSON from a provider; any failure becomes a TrackerProviderError. */
export const providerJson = async (url: string, init: RequestInit): Promise<unknown> => {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new TrackerProviderError(`no answer from ${new URL(url).host}: ${(error as Error).message}`, null);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new TrackerProviderError(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status} ${text.slice(0, 200)}`, response.status);
  }
  try {
    return await response.json();
  } catch {
    throw new TrackerProviderError(`${new URL(url).pathname} answered a body that is not JSON`, response.status);
  }
};

/** Provider fields are untrusted: read a value or fail loudly. */
export const expectString = (value: unknown, what: string): string => {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  throw new TrackerProviderError(`the provider's answer has no ${what}`, null);
};

/** Whole minutes of a duration, kept within one day (DESIGN 4: movingTime 1-1440). */
export const minutesOf = (seconds: number) => Math.min(1440, Math.round(seconds / 60));
