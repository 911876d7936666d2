import { z } from 'zod';
import { Id, IdParams, IsoDate, LevelOfCompetition, Gender, MessageBody, PAGE_MAX, PageQuery, Role, SearchTerm, SortOrder, endpoint, paged, wholeNumber } from './common';
import * as field from './fields';

export const QuarterlyBonus = z.object({
  firstQuarter: z.boolean(),
  secondQuarter: z.boolean(),
  thirdQuarter: z.boolean(),
  fourthQuarter: z.boolean(),
});
export type QuarterlyBonus = z.infer<typeof QuarterlyBonus>;
export const noQuarterlyBonus: QuarterlyBonus = { firstQuarter: false, secondQuarter: false, thirdQuarter: false, fourthQuarter: false };

/** A user as every endpoint returns it. `quarterlyBonus` is the flags of the bonus year (DESIGN 4). */
export const User = z.object({
  id: z.number().int().positive(),
  role: Role,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  dateOfBirth: IsoDate.nullable(),
  gender: Gender,
  levelOfCompetition: LevelOfCompetition,
  /** URL the browser can load, or null for the default avatar. */
  profilePicture: z.string().nullable(),
  isPrivateActivity: z.boolean(),
  quarterlyBonus: QuarterlyBonus,
});
export type User = z.infer<typeof User>;

export const apiTypes = ['STRAVA', 'FITBIT'] as const;
export const ApiType = z.enum(apiTypes, 'Service must be STRAVA or FITBIT');
export type ApiType = z.infer<typeof ApiType>;
/** A connection's state: working, refused by the provider for good (connect again), or no longer configured here. */
export const TrackerState = z.enum(['connected', 'reconnect_needed', 'unavailable']);
export type TrackerState = z.infer<typeof TrackerState>;
export const TrackerStatus = z.object({
  apiType: ApiType,
  state: TrackerState,
  /** When the last successful import ended (ISO instant), null before the first. */
  lastSyncAt: z.string().nullable(),
  /** When the last attempt ended, successful or not. */
  lastAttemptAt: z.string().nullable(),
  /** What the last attempt said, in plain words ('3 activities imported', or why it failed). */
  lastResult: z.string().nullable(),
  /** Whether the last attempt worked (null before the first). */
  lastAttemptOk: z.boolean().nullable(),
});
export type TrackerStatus = z.infer<typeof TrackerStatus>;
/** The spec's list of connected services, plus each one's state and last sync. */
export const ConnectedApis = z.object({ apis: z.array(ApiType), services: z.array(TrackerStatus) });
export type ConnectedApis = z.infer<typeof ConnectedApis>;

/** Columns the admin users table sorts by (then last name, first name and id break ties). */
export const userSortColumns = ['lastName', 'firstName', 'email', 'gender', 'levelOfCompetition'] as const;
export const UserSort = z.enum(userSortColumns, 'Sort must be one of lastName, firstName, email, gender, levelOfCompetition');
export type UserSort = z.infer<typeof UserSort>;

/**
 * GET /users: the spec's `currentPage`/`pageSize`, and optionally `search` (every word must start a
 * word of the first name, last name or e-mail; case and accents ignored), `level`, `sort`, `order`.
 */
export const UsersQuery = z.object({
  currentPage: wholeNumber('Page', 1, PAGE_MAX).default(1),
  pageSize: wholeNumber('Page size', 1, 100).default(10),
  search: SearchTerm,
  level: LevelOfCompetition.optional(),
  sort: UserSort.default('lastName'),
  order: SortOrder.default('asc'),
});
export type UsersQuery = z.output<typeof UsersQuery>;
export const UsersExportQuery = UsersQuery.omit({ currentPage: true, pageSize: true });
export type UsersExportQuery = z.output<typeof UsersExportQuery>;

/** Admin "Update user" form and PUT /users/:id body. */
export const AdminUserUpdate = z.object({
  firstName: field.firstName,
  lastName: field.lastName,
  dateOfBirth: field.dateOfBirth,
  gender: field.gender,
  levelOfCompetition: field.levelOfCompetition,
});
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

export const QuarterlyBonusUpdate = z.object({ newQuarterlyBonusData: QuarterlyBonus });
export const ActivityQuarterlyBonusUpdate = z.object({ userId: Id, newQuarterlyBonusData: QuarterlyBonus });

/** Profile form: signup fields without passwords, plus isPrivateActivity. */
export const ProfileForm = z.object({
  firstName: field.firstName,
  lastName: field.lastName,
  dateOfBirth: field.dateOfBirth,
  gender: field.gender,
  email: field.email,
  levelOfCompetition: field.levelOfCompetition,
  isPrivateActivity: field.booleanish('Please choose, if you want to share your activity'),
});
/** PUT /users/:id/profile multipart: only the changed fields (photo as a file part). */
export const ProfileUpdate = ProfileForm.partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const ConnectCode = z.object({
  code: z.string().trim().min(1, 'Authorisation code is required').max(512, 'Authorisation code is too long'),
  /** The `state` the provider sent back: issued by POST /users/tracker-authorization, single use. */
  state: z.string().min(1, 'The connection state is missing. Please start connecting again').max(128),
  /** Strava reports the granted scope on the return URL (Google in its token answer). */
  scope: z.string().max(1000).optional(),
});
export const AuthorizeTracker = z.object({ apiType: ApiType });
export const TrackerAuthorization = z.object({ url: z.string() });
export const DisconnectApi = z.object({ apiType: ApiType });
/**
 * 'Sync now' queues one import job per working service and answers at once: `queued` lists them
 * (their results appear in GET /users/apis as each one's last attempt), `problems` the services
 * that cannot sync now and why (reconnect needed, no longer available).
 */
export const SyncResult = z.object({
  queued: z.array(ApiType),
  problems: z.array(z.object({ apiType: ApiType, message: z.string() })),
});

export const WorkoutRow = z.object({ id: z.number().int(), name: z.string(), movingTime: z.number().int(), startDate: z.string() });
export const EventRow = z.object({ id: z.number().int(), name: z.string(), isInTheTopThree: z.boolean(), date: IsoDate });
export const AchievementRow = z.object({ id: z.number().int(), date: IsoDate, isDailyStepsBonus: z.boolean() });
export type WorkoutRow = z.infer<typeof WorkoutRow>;
export type EventRow = z.infer<typeof EventRow>;
export type AchievementRow = z.infer<typeof AchievementRow>;

export const usersEndpoints = {
  list: endpoint({ method: 'GET', path: '/users', auth: 'admin', query: UsersQuery, status: 200, response: paged(User) }),
  /** Every employee matching the users table's filters, as CSV (not one page). */
  exportList: endpoint({ method: 'GET', path: '/users/export.csv', auth: 'admin', query: UsersExportQuery, status: 200, response: null, produces: 'csv' }),
  /** One employee's workouts, event participations and step achievements, as CSV. */
  exportUser: endpoint({ method: 'GET', path: '/users/:id/export.csv', auth: 'admin', params: IdParams, status: 200, response: null, produces: 'csv' }),
  /** One employee (admin): whose workouts the admin is looking at. */
  detail: endpoint({ method: 'GET', path: '/users/:id', auth: 'admin', params: IdParams, status: 200, response: User }),
  update: endpoint({ method: 'PUT', path: '/users/:id', auth: 'admin', params: IdParams, body: AdminUserUpdate, status: 200, response: User }),
  remove: endpoint({ method: 'DELETE', path: '/users/:id', auth: 'admin', params: IdParams, status: 204, response: null }),
  sendResetMail: endpoint({ method: 'POST', path: '/users/:id/reset-password', auth: 'admin', params: IdParams, status: 202, response: MessageBody }),
  quarterlyBonus: endpoint({ method: 'PUT', path: '/users/:id/quarterly-bonus', auth: 'admin', params: IdParams, body: QuarterlyBonusUpdate, status: 200, response: User }),
  workouts: endpoint({ method: 'GET', path: '/users/:id/workouts', auth: 'admin', params: IdParams, query: PageQuery, status: 200, response: paged(WorkoutRow) }),
  eventParticipation: endpoint({ method: 'GET', path: '/users/:id/event-participation', auth: 'admin', params: IdParams, query: PageQuery, status: 200, response: paged(EventRow) }),
  dailyAchievements: endpoint({ method: 'GET', path: '/users/:id/daily-achievements', auth: 'admin', params: IdParams, query: PageQuery, status: 200, response: paged(AchievementRow) }),
  profile: endpoint({ method: 'GET', path: '/users/:id/profile', auth: 'any', params: IdParams, status: 200, response: User }),
  updateProfile: endpoint({ method: 'PUT', path: '/users/:id/profile', auth: 'any', params: IdParams, body: ProfileUpdate, multipart: true, status: 200, response: User }),
  apis: endpoint({ method: 'GET', path: '/users/apis', auth: 'user', status: 200, response: ConnectedApis }),
  /** The provider's authorisation page for this employee, with a server-kept `state` (10 minutes, single use). */
  authorizeTracker: endpoint({ method: 'POST', path: '/users/tracker-authorization', auth: 'user', body: AuthorizeTracker, status: 200, response: TrackerAuthorization }),
  connectStrava: endpoint({ method: 'POST', path: '/users/connect-strava', auth: 'user', body: ConnectCode, status: 200, response: ConnectedApis }),
  connectFitbit: endpoint({ method: 'POST', path: '/users/connect-fitbit', auth: 'user', body: ConnectCode, status: 200, response: ConnectedApis }),
  disconnectApi: endpoint({ method: 'DELETE', path: '/users/disconnect-api', auth: 'user', body: DisconnectApi, status: 200, response: ConnectedApis }),
  syncActivities: endpoint({ method: 'POST', path: '/users/sync-activities', auth: 'user', status: 200, response: SyncResult }),
};
