/**
 * The athlete's local calendar day of an instant: from the file's own UTC offset where it has one,
 * else from an IANA time zone (the uploader's browser), else the UTC day. Intl runs on both hosts.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone when this runtime knows it ('Europe/Berlin'), else null. */
export const knownTimeZone = (zone: string | null | undefined): string | null => {
  if (!zone) return null;
  if (formatters.has(zone)) return zone;
  try {
    formatters.set(zone, new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }));
    return zone;
  } catch {
    return null;
  }
};

export const localDayOf = (instant: Date, offsetMinutes: number | null, zone: string | null): string => {
  if (offsetMinutes !== null) return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
  const known = knownTimeZone(zone);
  if (!known) return instant.toISOString().slice(0, 10);
  // en-CA writes YYYY-MM-DD.
  return formatters.get(known)!.format(instant);
};

/** "2024-05-01 07:00:00 +0200" (Apple Health) -> the instant, its offset and its local day; null when it is not that form. */
export const readOffsetDate = (value: unknown): { instant: Date; offsetMinutes: number; day: string } | null => {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})\s*([+-])(\d{2}):?(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const offsetMinutes = (match[3] === '-' ? -1 : 1) * (Number(match[4]) * 60 + Number(match[5]));
  const local = Date.parse(`${match[1]}T${match[2]}Z`);
  if (Number.isNaN(local) || Math.abs(offsetMinutes) > 14 * 60) return null;
  return { instant: new Date(local - offsetMinutes * 60_000), offsetMinutes, day: match[1]! };
};
