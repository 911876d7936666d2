import { z } from 'zod';
import { IdParams, IsoDate, LevelOfCompetition, Gender, MessageBody, PAGE_MAX, PageQuery, Role, SearchTerm, SortOrder, endpoint, paged, wholeNumber } from './common';
import * as field from './fields';
import { userSortColumns } from './values';

export { userSortColumns };

export const QuarterlyBonus = z.object({
  firstQuarter: z.boolean(),
  secondQuarter: z.boolean(),
  thirdQuarter: z.boolean(),
  fourthQuarter: z.boolean(),
});
export type QuarterlyBonus = z.infer<typeof QuarterlyBonus>;
export const noQuarterlyBonus: QuarterlyBonus = { firstQuarter: false, secondQuarter: false, thirdQuarter: false, fourthQuarter: false };

/** A user as every endpoint returns it. `quarterlyBonus` is the flags of the bonus year (docs/product-rules.md#quarterly-bonus). */
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

/**
 * A row of the admin users table: the user, and whether they have opened the link that confirms
 * their e-mail address (until then colleagues do not see them; docs/access.md).
 */
export const AdminUserRow = User.extend({ emailConfirmed: z.boolean() });
export type AdminUserRow = z.infer<typeof AdminUserRow>;


export const UserSort = z.enum(userSortColumns, 'Sort must be one of lastName, firstName, email, gender, levelOfCompetition');
export type UserSort = z.infer<typeof UserSort>;

/**
 * GET /users: `currentPage`/`pageSize`, and optionally `search` (every word must start a
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




/**
 * One workout as an admin sees it. A Strava import shows only its points: title "Imported from
 * Strava", no minutes, no date (Strava's API agreement, docs/trackers.md).
 */
export const WorkoutRow = z.object({
  id: z.number().int(),
  name: z.string(),
  movingTime: z.number().int().nullable(),
  startDate: z.string().nullable(),
  points: z.number().int(),
  importedFromStrava: z.boolean(),
});
export const EventRow = z.object({ id: z.number().int(), name: z.string(), isInTheTopThree: z.boolean(), date: IsoDate });
export const AchievementRow = z.object({ id: z.number().int(), date: IsoDate, isDailyStepsBonus: z.boolean() });
export type WorkoutRow = z.infer<typeof WorkoutRow>;
export type EventRow = z.infer<typeof EventRow>;
export type AchievementRow = z.infer<typeof AchievementRow>;

export const usersEndpoints = {
  /** The table's page, and the points one quarterly bonus flag is worth (SCORE_QUARTERLY_BONUS), which its confirmation names. */
  list: endpoint({ method: 'GET', path: '/users', auth: 'admin', query: UsersQuery, status: 200, response: paged(AdminUserRow).extend({ quarterlyBonusPoints: z.number().int().min(0) }) }),
  /** Every employee matching the users table's filters, as CSV (not one page). */
  exportList: endpoint({ method: 'GET', path: '/users/export.csv', auth: 'admin', query: UsersExportQuery, status: 200, response: null, produces: 'csv' }),
  /** One employee's workouts, event participations and step achievements, as CSV. */
  exportUser: endpoint({ method: 'GET', path: '/users/:id/export.csv', auth: 'admin', params: IdParams, status: 200, response: null, produces: 'csv' }),
  /** One employee (admin): whose workouts the admin is looking at. */
  detail: endpoint({ method: 'GET', path: '/users/:id', auth: 'admin', params: IdParams, status: 200, response: User }),
  update: endpoint({ method: 'PUT', path: '/users/:id', auth: 'admin', params: IdParams, body: AdminUserUpdate, status: 200, response: User }),
  remove: endpoint({ method: 'DELETE', path: '/users/:id', auth: 'admin', params: IdParams, status: 204, response: null }),
  sendResetMail: endpoint({ method: 'POST', path: '/users/:id/reset-password', auth: 'admin', params: IdParams, status: 202, response: MessageBody }),
  workouts: endpoint({ method: 'GET', path: '/users/:id/workouts', auth: 'admin', params: IdParams, query: PageQuery, status: 200, response: paged(WorkoutRow) }),
  eventParticipation: endpoint({ method: 'GET', path: '/users/:id/event-participation', auth: 'admin', params: IdParams, query: PageQuery, status: 200, response: paged(EventRow) }),
  dailyAchievements: endpoint({ method: 'GET', path: '/users/:id/daily-achievements', auth: 'admin', params: IdParams, query: PageQuery, status: 200, response: paged(AchievementRow) }),
};
