import { z } from 'zod';
import { IdParams, IsoDate, endpoint, hasControlCharacter, parseIsoDay } from './common';

/**
 * Phone health apps that push (docs/trackers.md#phone-apps): an employee's personal import tokens
 * ('Connect a phone app' on the profile) and the two import endpoints a phone app posts to with one
 * as its bearer: Health Auto Export's REST API JSON (iOS) and our own small format (iOS Shortcuts,
 * Tasker, Android Health Connect webhook apps).
 */

/** Import tokens one employee may hold at once (revoked ones do not count). */
export const IMPORT_TOKENS_PER_PERSON = 5;
export const IMPORT_TOKEN_NAME_MAX = 50;
/** The largest push accepted (413 above it): a week of minute-by-minute steps and workouts with routes fit well. */
export const PHONE_IMPORT_MAX_BYTES = 5_000_000;
/** Workouts and step days in one push. */
export const PHONE_IMPORT_MAX_WORKOUTS = 1000;
export const PHONE_IMPORT_MAX_STEP_DAYS = 400;
/** Longest workout accepted, in seconds (a week: anything longer is not one workout). */
const WORKOUT_SECONDS_MAX = 7 * 86_400;

// Tokens -----------------------------------------------------------------------------------------

const TOKEN_NAME_REQUIRED = 'Please enter a name for the app';
export const ImportTokenName = z
  .string(TOKEN_NAME_REQUIRED)
  .trim()
  .min(1, TOKEN_NAME_REQUIRED)
  .max(IMPORT_TOKEN_NAME_MAX, `The name must be at most ${IMPORT_TOKEN_NAME_MAX} characters`)
  .refine((value) => !hasControlCharacter(value), 'The name must not contain control characters');

export const ImportTokenCreate = z.object({ name: ImportTokenName });
export type ImportTokenCreate = z.infer<typeof ImportTokenCreate>;

export const ImportToken = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** ISO date-times. */
  createdAt: z.string(),
  /** The last import it carried; null before the first. */
  lastUsedAt: z.string().nullable(),
});
export type ImportToken = z.infer<typeof ImportToken>;

/** The caller's tokens in force, newest first, and how many one may hold. */
export const ImportTokenList = z.object({ tokens: z.array(ImportToken), limit: z.number().int().positive() });
export type ImportTokenList = z.infer<typeof ImportTokenList>;

/** A new token: `token` is shown this once (only its hash is kept). */
export const ImportTokenCreated = z.object({ token: z.string(), created: ImportToken });
export type ImportTokenCreated = z.infer<typeof ImportTokenCreated>;

// Times as phone apps write them ---------------------------------------------------------------------

const ZONED = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s?(Z|([+-])(\d{2}):?(\d{2}))$/i;

/**
 * A date-time with its UTC offset, as Health Auto Export writes it (`2026-05-04 07:00:00 +0200`) or
 * in ISO 8601 (`2026-05-04T07:00:00+02:00`, `...Z`): the instant, and the local calendar day it was
 * written in (the phone's day). Null for anything else, a time without an offset included.
 */
export const parseZonedDateTime = (value: string): { at: Date; localDay: string } | null => {
  const match = ZONED.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds = '0', zone, sign, offsetHours, offsetMinutes] = match;
  const localDay = `${year}-${month}-${day}`;
  if (!parseIsoDay(localDay) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const offset = zone!.toUpperCase() === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  if (Number(offsetHours ?? 0) > 14 || Number(offsetMinutes ?? 0) > 59) return null;
  const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds));
  return { at: new Date(local - offset * 60_000), localDay };
};

const zoned = (label: string) =>
  z
    .string(`${label} is required`)
    .max(40, `${label} must be a date-time with its UTC offset`)
    .transform((value, ctx) => {
      const parsed = parseZonedDateTime(value.trim());
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date-time with its UTC offset, e.g. 2026-05-04 07:00:00 +0200` });
        return z.NEVER;
      }
      return parsed;
    });

const externalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), `${label} must not contain control characters`);

const seconds = (label: string) => z.number(`${label} must be a number`).min(0, `${label} must not be negative`).max(WORKOUT_SECONDS_MAX, `${label} is longer than a week`);

/**
 * One workout as a push brings it, the same for both formats: `externalId` (namespaced by format),
 * the app's own type name (the server maps it onto the activity types), the moving time in seconds,
 * its start and the phone's local day of it.
 */
export type PushedWorkout = { externalId: string; type: string; seconds: number; startAt: Date; localDay: string };
/** A local day's steps as the push reports them. */
export type PushedSteps = { day: string; steps: number };
export type PhonePush = { workouts: PushedWorkout[]; stepDays: PushedSteps[] };

// Health Auto Export (iOS) ----------------------------------------------------------------------------

/**
 * A workout of Health Auto Export's REST API JSON (export version 2: `id`, `name`, `start`, `end`,
 * `duration` in seconds, plus optional fields read by nobody here). A version 1 workout has no `id`
 * (its start and name stand for it) and may lack `duration` (its `end` minus `start` counts then).
 */
const HaeWorkout = z
  .object({
    id: externalText('id', 200).optional(),
    name: externalText('name', 100),
    start: zoned('start'),
    end: zoned('end').optional(),
    duration: seconds('duration').optional(),
  })
  .superRefine((workout, ctx) => {
    if (workout.duration === undefined && !workout.end) ctx.addIssue({ code: 'custom', path: ['duration'], message: 'duration (or end) is required' });
    if (workout.end && workout.end.at < workout.start.at) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start' });
  })
  .transform(
    (workout): PushedWorkout => ({
      externalId: `hae:${workout.id ?? `${workout.start.at.toISOString()}:${workout.name}`}`,
      type: workout.name,
      seconds: workout.duration ?? (workout.end!.at.getTime() - workout.start.at.getTime()) / 1000,
      startAt: workout.start.at,
      localDay: workout.start.localDay,
    }),
  );

/** One `step_count` sample: the steps of a minute, an hour or a day (the export's grouping), at its local start. */
const HaeStepSample = z.object({ qty: z.number('qty must be a number').min(0, 'qty must not be negative').max(1_000_000, 'qty is too large'), date: zoned('date') });

/** Any metric: only `step_count` is read (its samples checked), the others pass unread. */
const HaeMetric = z.object({ name: z.string('name must be text').max(200), units: z.string().max(100).optional(), data: z.array(z.unknown(), 'data must be a list') }).superRefine((metric, ctx) => {
  if (metric.name !== 'step_count') return;
  metric.data.forEach((sample, index) => {
    const parsed = HaeStepSample.safeParse(sample);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['data', index, ...issue.path], message: issue.message });
  });
});

/** What Health Auto Export's REST API automation posts (JSON): `data.workouts` and `data.metrics`, other arrays ignored. */
export const HealthAutoExportPush = z
  .object({
    data: z.object(
      {
        metrics: z.array(HaeMetric, 'data.metrics must be a list').max(500, 'data.metrics has too many entries').optional(),
        workouts: z.array(HaeWorkout, 'data.workouts must be a list').max(PHONE_IMPORT_MAX_WORKOUTS, `At most ${PHONE_IMPORT_MAX_WORKOUTS} workouts can be sent at once`).optional(),
      },
      'The body must be Health Auto Export JSON: { "data": { "workouts": [...], "metrics": [...] } }',
    ).refine((data) => data.workouts !== undefined || data.metrics !== undefined, 'data must hold workouts or metrics'),
  })
  .transform(({ data }): PhonePush => {
    // The samples of a day add up to its steps as far as this export covers it.
    const perDay = new Map<string, number>();
    for (const metric of data.metrics ?? []) {
      if (metric.name !== 'step_count') continue;
      for (const sample of metric.data) {
        const { qty, date } = HaeStepSample.parse(sample);
        perDay.set(date.localDay, (perDay.get(date.localDay) ?? 0) + qty);
      }
    }
    return { workouts: data.workouts ?? [], stepDays: [...perDay].map(([day, steps]) => ({ day, steps: Math.round(steps) })) };
  });

// Our own format (Shortcuts, Tasker, Health Connect webhooks) ---------------------------------------------

const PhoneWorkout = z
  .object({
    id: externalText('id', 200).optional(),
    type: externalText('type', 100),
    start: zoned('start'),
    minutes: z.number('minutes must be a number').positive('minutes must be more than 0').max(1440, 'minutes must be at most 1440').optional(),
    seconds: z.number('seconds must be a number').positive('seconds must be more than 0').max(86_400, 'seconds must be at most 86400').optional(),
  })
  .superRefine((workout, ctx) => {
    if ((workout.minutes === undefined) === (workout.seconds === undefined)) ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'Send either minutes or seconds' });
  })
  .transform(
    (workout): PushedWorkout => ({
      externalId: `own:${workout.id ?? workout.start.at.toISOString()}`,
      type: workout.type,
      seconds: workout.seconds ?? workout.minutes! * 60,
      startAt: workout.start.at,
      localDay: workout.start.localDay,
    }),
  );

const PhoneStepDay = z.object({ date: IsoDate, count: z.number('count must be a number').int('count must be a whole number').min(0, 'count must not be negative').max(1_000_000, 'count is too large') });

/** Version 1 of our format: `workouts` and/or `steps` (a day's total), at least one entry in all. */
export const PhoneAppPush = z
  .object({
    workouts: z.array(PhoneWorkout, 'workouts must be a list').max(PHONE_IMPORT_MAX_WORKOUTS, `At most ${PHONE_IMPORT_MAX_WORKOUTS} workouts can be sent at once`).default([]),
    steps: z.array(PhoneStepDay, 'steps must be a list').max(PHONE_IMPORT_MAX_STEP_DAYS, `At most ${PHONE_IMPORT_MAX_STEP_DAYS} days of steps can be sent at once`).default([]),
  })
  .refine((push) => push.workouts.length + push.steps.length > 0, { message: 'Nothing to import: send at least one workout or one day of steps', path: ['workouts'] })
  .transform((push): PhonePush => {
    // A day sent twice counts with its higher total (a day's count only grows).
    const perDay = new Map<string, number>();
    for (const entry of push.steps) perDay.set(entry.date, Math.max(perDay.get(entry.date) ?? 0, entry.count));
    return { workouts: push.workouts, stepDays: [...perDay].map(([day, steps]) => ({ day, steps })) };
  });

/** What a push changed: the workouts it brought and the step days it ticked (docs/trackers.md#phone-apps). */
export const ImportReport = z.object({
  workouts: z.object({
    received: z.number().int().min(0),
    added: z.number().int().min(0),
    updated: z.number().int().min(0),
    removed: z.number().int().min(0),
    /** The same workout another source (Strava, a file, another app) already brought: counted once, there. */
    duplicates: z.number().int().min(0),
  }),
  steps: z.object({
    days: z.number().int().min(0),
    /** Days of 10,000 steps or more ticked by this push. */
    ticked: z.array(IsoDate),
    alreadyTicked: z.array(IsoDate),
    /** Days of 10,000 steps or more that can no longer be changed. */
    closed: z.array(IsoDate),
  }),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const phoneAppsEndpoints = {
  tokens: endpoint({ method: 'GET', path: '/users/import-tokens', auth: 'user', status: 200, response: ImportTokenList }),
  /** 200, not 201: a creation's stored answer (Idempotency-Key) would keep the token itself. */
  createToken: endpoint({ method: 'POST', path: '/users/import-tokens', auth: 'user', body: ImportTokenCreate, status: 200, response: ImportTokenCreated }),
  revokeToken: endpoint({ method: 'DELETE', path: '/users/import-tokens/:id', auth: 'user', params: IdParams, status: 200, response: ImportTokenList }),
  healthAutoExport: endpoint({ method: 'POST', path: '/import/health-auto-export', auth: 'importToken', body: HealthAutoExportPush, maxBodyBytes: PHONE_IMPORT_MAX_BYTES, status: 200, response: ImportReport }),
  phoneApp: endpoint({ method: 'POST', path: '/import/phone', auth: 'importToken', body: PhoneAppPush, maxBodyBytes: PHONE_IMPORT_MAX_BYTES, status: 200, response: ImportReport }),
};
