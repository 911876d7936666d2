import { z } from 'zod';

/** Stable machine-readable error codes; the SPA and QA may branch on these. */
export const serverCodes = [
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'INVALID_RESET_TOKEN',
  'PHOTO_TOO_LARGE',
  'PHOTO_TYPE_NOT_ALLOWED',
  'EDIT_WINDOW_CLOSED',
  'LEVEL_WINDOW_CLOSED',
  'FUTURE_DATE',
  'TRACKER_NOT_CONFIGURED',
  'TRACKER_ERROR',
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

export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });

export const levels = ['Beginner', 'Intermediate', 'Advanced', 'Elite'] as const;
export const LevelOfCompetition = z.enum(levels, 'Please select your level of competition');
export type LevelOfCompetition = z.infer<typeof LevelOfCompetition>;

export const genders = ['male', 'female', 'other'] as const;
export const Gender = z.enum(genders, 'Please select your gender');
export type Gender = z.infer<typeof Gender>;

export const roles = ['admin', 'user'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date `YYYY-MM-DD` that exists (rejects 2025-02-30). */
export const IsoDate = z
  .string()
  .regex(ISO_DATE, 'Date must be in the form YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Date does not exist');

/**
 * The calendar sends a day either as `YYYY-MM-DD` or as an ISO date-time; both mean
 * the UTC calendar day, which is what is stored.
 */
export const DayInput = z
  .string()
  .trim()
  .min(1, 'Date is required')
  .transform((value, ctx) => {
    const candidate = ISO_DATE.test(value) ? `${value}T00:00:00Z` : value;
    const date = new Date(candidate);
    const invalid = Number.isNaN(date.getTime());
    const impossibleDay = !invalid && ISO_DATE.test(value) && date.toISOString().slice(0, 10) !== value; // 2025-02-30
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || invalid || impossibleDay) {
      ctx.addIssue({ code: 'custom', message: 'Date must be YYYY-MM-DD or an ISO date-time' });
      return z.NEVER;
    }
    return date.toISOString().slice(0, 10);
  });

/** Admin lists page with page/pageSize (1-based). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1, 'Page size must be 1 or more').max(100, 'Page size must be 100 or less').default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const paged = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number().int().min(0) });

/** First competition year the product knows. */
export const COMPETITION_START_YEAR = 2022;
export const CompetitionYear = z.coerce
  .number()
  .int('Competition year must be a whole number')
  .min(COMPETITION_START_YEAR, `Competition year must be ${COMPETITION_START_YEAR} or later`);

/** Describes one HTTP endpoint once, for the server route, the MSW handler and the SPA. */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api, with `:param` placeholders. */
  path: string;
  /** Guest endpoints need no access token; `admin` ones need the admin role. */
  auth: 'guest' | 'user' | 'admin' | 'any';
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; multipart endpoints describe their fields here and set `multipart`. */
  body?: z.ZodType;
  multipart?: boolean;
  /** Success status and its body schema (null for 204). */
  status: 200 | 201 | 202 | 204;
  response: z.ZodType | null;
};

export const endpoint = <E extends Endpoint>(definition: E) => definition;

/** `/users/:id` + {id: 3} -> `/users/3` */
export const fillPath = (path: string, params: Record<string, string | number> = {}) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
