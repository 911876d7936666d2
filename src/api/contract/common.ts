import { z } from 'zod';
import { toIsoDay } from '../../domain/days';
import { COMPETITION_START_YEAR, PAGE_MAX, SEARCH_MAX, genders, levels, sortOrders } from './values';

export { PAGE_MAX, SEARCH_MAX, genders, levels, sortOrders };

/** Stable machine-readable error codes; the SPA and QA may branch on these. */
export const serverCodes = [
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'REAUTHENTICATION_REQUIRED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'EMAIL_DOMAIN_NOT_ALLOWED',
  'INVITATION_REQUIRED',
  'PASSWORD_SIGNIN_DISABLED',
  'SSO_NOT_CONFIGURED',
  'SSO_FAILED',
  'SSO_EMAIL_NOT_VERIFIED',
  'SSO_PROVIDER_UNAVAILABLE',
  'INVALID_RESET_TOKEN',
  'INVALID_CONFIRMATION_TOKEN',
  'INVALID_INVITATION',
  'PHOTO_TOO_LARGE',
  'PHOTO_TYPE_NOT_ALLOWED',
  'EDIT_WINDOW_CLOSED',
  'LEVEL_WINDOW_CLOSED',
  'QUARTER_NOT_STARTED',
  'FUTURE_DATE',
  'TRACKER_NOT_CONFIGURED',
  'TRACKER_ERROR',
  'TRACKER_PAUSED',
  'TRACKER_ATHLETE_LIMIT',
  'TRACKER_STATE_INVALID',
  'TRACKER_SCOPE_MISSING',
  'IMPORT_FILE_UNREADABLE',
  'IMPORT_FILE_UNSUPPORTED',
  'IMPORT_TOO_LARGE',
  'IMPORT_PREVIEW_EXPIRED',
  'IMPORT_TOKEN_INVALID',
  'IMPORT_TOKEN_REVOKED',
  'RATE_LIMITED',
  'CONFLICT',
  'INTERNAL_ERROR',
] as const;
export const ServerCode = z.enum(serverCodes);
export type ServerCode = z.infer<typeof ServerCode>;

/** Body of every non-2xx response. `message` is a sentence a person can read. */
export const ErrorIssue = z.object({ path: z.string(), message: z.string() });
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  serverCode: ServerCode,
  /** Field-level messages of a 400, for forms to show beside their fields. */
  issues: z.array(ErrorIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

/** Largest id and page a PostgreSQL `integer` holds: anything above is a 400, never a 500. */
export const ID_MAX = 2_147_483_647;
/** Offsets of the admin leaders list, bounded for the same reason. */
export const OFFSET_MAX = 10_000_000;

/** A whole number in a path or query: digits only (no `1e3`, `0x10`, ` 7`), within `max`. */
export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string()], `${label} must be a whole number`)
    .transform((value, ctx) => {
      const number = typeof value === 'number' ? value : /^-?\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(number)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` });
        return z.NEVER;
      }
      if (number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: number < min ? `${label} must be ${min} or more` : `${label} must be ${max} or less` });
        return z.NEVER;
      }
      return number;
    });

export const Id = wholeNumber('Id', 1, ID_MAX);
export const IdParams = z.object({ id: Id });

export const LevelOfCompetition = z.enum(levels, 'Please select your level of competition');
export type LevelOfCompetition = z.infer<typeof LevelOfCompetition>;

export const Gender = z.enum(genders, 'Please select your gender');
export type Gender = z.infer<typeof Gender>;

export const roles = ['admin', 'user'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO date-time WITH its zone: a zone-less one would be read in the server's own zone. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
/** Dates before this year are refused everywhere (birth dates, activity days, queries). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

const isCalendarDay = (year: number, month: number, day: number) => {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** `YYYY-MM-DD` that exists, from 1900 on; null otherwise (`2025-02-30`, `0001-01-01`, a trailing NUL). */
export const parseIsoDay = (value: string): string | null => {
  const match = ISO_DATE.exec(value);
  return match && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])) ? value : null;
};

/**
 * A day (`YYYY-MM-DD`, midnight UTC) or an ISO date-time with a zone (`Z` or `+01:00`), as an
 * instant; null for anything else, including a date-time without a zone.
 */
export const parseDayOrInstant = (value: string): Date | null => {
  if (parseIsoDay(value)) return new Date(`${value}T00:00:00Z`);
  const match = ISO_DATE_TIME.exec(value);
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
  if (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6] ?? 0) > 59) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < MIN_YEAR ? null : date;
};

/** A calendar date `YYYY-MM-DD` that exists (rejects 2025-02-30 and years before 1900). */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be in the form YYYY-MM-DD').refine((value) => parseIsoDay(value) !== null, 'Date does not exist');

/**
 * The calendar sends a day either as `YYYY-MM-DD` or as an ISO date-time with a zone; both mean
 * the UTC calendar day, which is what is stored.
 */
export const DayInput = z
  .string()
  .trim()
  .min(1, 'Date is required')
  .transform((value, ctx) => {
    const date = parseDayOrInstant(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Date must be YYYY-MM-DD or an ISO date-time' });
      return z.NEVER;
    }
    return toIsoDay(date);
  });

/** Control characters (NUL, escapes, line breaks) never belong in a name or a title. */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

/** The 400 issue for a NUL anywhere in a request (server and mocks answer the same). */
export const NUL_ISSUE = { path: 'request', message: 'The request must not contain NUL characters' };

/** Finds a NUL anywhere in a parsed request (params, query, JSON body): PostgreSQL text cannot store it. */
export const containsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  return false;
};

/** The admin search box: optional, trimmed, 1-100 characters, no control characters. */
export const SearchTerm = z
  .string()
  .trim()
  .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`)
  .refine((value) => !hasControlCharacter(value), 'Search must not contain control characters')
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const SortOrder = z.enum(sortOrders, 'Order must be asc or desc');

/** Admin lists page with page/pageSize (1-based). */
export const PageQuery = z.object({
  page: wholeNumber('Page', 1, PAGE_MAX).default(1),
  pageSize: wholeNumber('Page size', 1, 100).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const paged = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number().int().min(0) });

export { COMPETITION_START_YEAR };
export const CompetitionYear = z.coerce
  .number()
  .int('Competition year must be a whole number')
  .min(COMPETITION_START_YEAR, `Competition year must be ${COMPETITION_START_YEAR} or later`);

/** Describes one HTTP endpoint once, for the server route, the MSW handler and the SPA. */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api, with `:param` placeholders. */
  path: string;
  /**
   * Guest endpoints need no access token; `admin` ones need the admin role. `importToken`: a phone
   * app's personal import token as the bearer, never an access token (the import endpoints take
   * nothing else, and no other endpoint takes one: docs/security.md#import-tokens).
   */
  auth: 'guest' | 'user' | 'admin' | 'any' | 'importToken';
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; multipart endpoints describe their fields here and set `multipart`. */
  body?: z.ZodType;
  multipart?: boolean;
  /** A larger request body than the server's usual 1 MB, for uploads whose own limit is higher (the server refuses more with 413). */
  maxBodyBytes?: number;
  /** Success status and its body schema (null for 204 and for file downloads). */
  status: 200 | 201 | 202 | 204;
  response: z.ZodType | null;
  /** A download instead of JSON: `csv` answers text/csv with a file name (admin exports); `file` answers the bytes of a FileDownload. */
  produces?: 'csv' | 'file';
  /**
   * An edit or delete a client may replay (the offline queue): it honours `Idempotency-Key` like a
   * creation does (docs/product-rules.md#offline-logging).
   */
  replayable?: true;
  /** The handler also gets the body's text as sent (`request.rawBody`): a provider signs the bytes, not the JSON. */
  rawBody?: true;
};

export const endpoint = <E extends Endpoint>(definition: E) => definition;

/** Creations, and the edits and deletes marked replayable, run once per caller and Idempotency-Key. */
export const honoursIdempotencyKey = (endpoint: Endpoint) => endpoint.status === 201 || endpoint.replayable === true;

/** `/users/:id` + {id: 3} -> `/users/3` */
export const fillPath = (path: string, params: Record<string, string | number> = {}) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
