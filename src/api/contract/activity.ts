import { z } from 'zod';
import { importedSources } from './imported-sources';
import { DayInput, Id, IdParams, IsoDate, endpoint, hasControlCharacter, parseDayOrInstant } from './common';

export const activityTypes = [
  'Aerobics', 'Barre', 'Boxing', 'Basketball Officiating', 'Circuit Training', 'Climbing', 'Cycling',
  'Dancing', 'Elliptical', 'Golf', 'HIIT', 'Hiking', 'Martial Arts', 'Pilates', 'Rollerblading',
  'Running', 'Skiing/Snowboarding', 'Spinning', 'Strength Training', 'Swimming', 'Team Sports',
  'Tennis', 'Walking', 'Yoga', 'Other',
] as const;
export const OTHER_ACTIVITY = 'Other';

export const MOVING_TIME_MIN = 1;
export const MOVING_TIME_MAX = 1440;
export const TITLE_MAX = 100;

const title = z
  .string('Title is required!')
  .trim()
  .min(1, 'Title is required!')
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
  .refine((value) => !hasControlCharacter(value), 'Title must not contain control characters');
const movingTime = z.coerce
  .number('Moving time is required')
  .int('Moving time must be whole minutes')
  .min(MOVING_TIME_MIN, 'Moving time is required')
  .max(MOVING_TIME_MAX, `Moving time must be at most ${MOVING_TIME_MAX} minutes`);
const otherName = z
  .string()
  .trim()
  .max(TITLE_MAX, `Other title must be at most ${TITLE_MAX} characters`)
  .refine((value) => !hasControlCharacter(value), 'Other title must not contain control characters');

const otherNeedsTitle = (value: { name: string; otherName?: string | null }, ctx: z.RefinementCtx) => {
  if (value.name === OTHER_ACTIVITY && !value.otherName?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['otherName'], message: 'Other title is required' });
  }
};

/** The Add/Manage activity form (docs/product-rules.md#forms-and-validation-messages). */
export const ActivityForm = z
  .object({ name: title, otherName: otherName.optional(), movingTime, startTime: z.string().optional() })
  .superRefine(otherNeedsTitle);
export type ActivityForm = z.infer<typeof ActivityForm>;

/**
 * A start as `YYYY-MM-DD` (midnight UTC) or an ISO date-time with a zone; normalised to the ISO
 * instant (`2026-11-20T07:30:00.000Z`), so the stored day is its UTC calendar day and the time of
 * day is kept. A date-time without a zone is refused: the server's own zone must never decide the day.
 */
export const StartInput = z
  .string('Start time is required')
  .trim()
  .min(1, 'Start time is required')
  .transform((value, ctx) => {
    const date = parseDayOrInstant(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Start time must be YYYY-MM-DD or an ISO date-time' });
      return z.NEVER;
    }
    return date.toISOString();
  });
/**
 * POST /user/activity/log. `name` is an activity type, or `Other` with the custom title in
 * `otherName` (a custom title sent directly as `name` is accepted too); the stored name is the title.
 */
export const ActivityCreate = z
  .object({ name: title, otherName: otherName.optional(), movingTime, startTime: StartInput })
  .superRefine(otherNeedsTitle);
/** PUT /user/activity/:id. Moving the day keeps the activity's time of day. */
export const ActivityUpdate = z
  .object({ name: title, otherName: otherName.optional(), movingTime, startDate: DayInput })
  .superRefine(otherNeedsTitle);

/** Where an imported activity came from: a tracker provider or a way in without one (import-sources.ts: files, Apple Health, phone apps). */
export const trackerSources = importedSources;
export type TrackerSource = (typeof trackerSources)[number];
export const activitySources = ['manual', ...importedSources] as const;

export const Activity = z.object({
  id: z.number().int().positive(),
  /** Stored title: an activity type or the custom title typed under Other. */
  name: z.string(),
  /** The custom title when `name` is not an activity type, else null. */
  otherName: z.string().nullable(),
  movingTime: z.number().int(),
  /** HH:mm, UTC. */
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  startDate: IsoDate,
  /** ISO date-times for the calendar. */
  start: z.string(),
  end: z.string(),
  title: z.string(),
  /** Where it came from: logged by hand, or imported from a tracker, a file or a phone app. */
  source: z.enum(activitySources),
  /** Other trackers that reported the same workout; it counts once, as `source`'s record (docs/trackers.md: duplicates). */
  alsoRecordedBy: z.array(z.enum(trackerSources)),
});
export type Activity = z.infer<typeof Activity>;

export const DailyStepsAchievement = z.object({ id: z.number().int().positive(), date: IsoDate, isDailyStepsBonus: z.boolean() });
export type DailyStepsAchievement = z.infer<typeof DailyStepsAchievement>;

export const EventParticipation = z.object({ id: z.number().int().positive(), name: z.string(), isInTheTopThree: z.boolean(), date: IsoDate });
export type EventParticipation = z.infer<typeof EventParticipation>;

/** Longest range the month query serves (a month view never needs more). */
export const MONTH_RANGE_MAX_DAYS = 62;
const DAY_MS = 86_400_000;
/** GET /user/activity: both ends inclusive UTC days (date-times are reduced to their UTC day). */
export const MonthQuery = z.object({ startDate: DayInput, endDate: DayInput }).superRefine((value, ctx) => {
  const days = (Date.parse(value.endDate) - Date.parse(value.startDate)) / DAY_MS + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate must not be before startDate' });
  else if (days > MONTH_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `The date range must be at most ${MONTH_RANGE_MAX_DAYS} days` });
});
export const MonthActivities = z.object({
  activities: z.array(Activity),
  dailyStepsAchievements: z.array(DailyStepsAchievement),
  /** Activity minutes only: the month asked for and the competition year it lies in. */
  movingAnalytics: z.object({ totalMonth: z.number().int(), totalAnnual: z.number().int() }),
  eventParticipationDates: z.array(IsoDate),
});
export type MonthActivities = z.infer<typeof MonthActivities>;

export const DateBody = z.object({ date: DayInput });
export const DateQuery = z.object({ date: DayInput });

export const EventForm = z.object({
  name: title,
  isInTheTopThree: z.boolean().default(false),
});
export type EventForm = z.infer<typeof EventForm>;
export const EventCreate = z.object({ name: title, isInTheTopThree: z.boolean().default(false), date: DayInput });
export const ParticipatedEvents = z.object({ participatedEvents: z.array(EventParticipation) });


export const activityEndpoints = {
  month: endpoint({ method: 'GET', path: '/user/activity', auth: 'user', query: MonthQuery, status: 200, response: MonthActivities }),
  log: endpoint({ method: 'POST', path: '/user/activity/log', auth: 'user', body: ActivityCreate, status: 201, response: Activity }),
  update: endpoint({ method: 'PUT', path: '/user/activity/:id', auth: 'user', params: IdParams, body: ActivityUpdate, status: 200, response: Activity, replayable: true }),
  remove: endpoint({ method: 'DELETE', path: '/user/activity/:id', auth: 'user', params: IdParams, status: 204, response: null, replayable: true }),
  addSteps: endpoint({ method: 'POST', path: '/user/activity/daily-step-achievement', auth: 'user', body: DateBody, status: 201, response: DailyStepsAchievement }),
  removeSteps: endpoint({ method: 'DELETE', path: '/user/activity/daily-step-achievement', auth: 'user', body: DateBody, status: 204, response: null, replayable: true }),
  participatedEvents: endpoint({ method: 'GET', path: '/user/activity/participated-events', auth: 'user', query: DateQuery, status: 200, response: ParticipatedEvents }),
  logEvent: endpoint({ method: 'POST', path: '/user/activity/log-event-participation', auth: 'user', body: EventCreate, status: 201, response: EventParticipation }),
  removeEvent: endpoint({ method: 'DELETE', path: '/user/activity/event-participation/:id', auth: 'user', params: IdParams, status: 204, response: null, replayable: true }),
};
export { Id };
