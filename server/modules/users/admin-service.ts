import type { FastifyBaseLogger } from 'fastify';
import { trackerServiceOf } from '../trackers/tasks';
import { eq } from 'drizzle-orm';
import type { PageQuery } from '@/contract/common';
import { type AdminUserUpdate, type User, type UsersQuery, type usersEndpoints } from '@/contract/users';
import { currentCompetitionYear, quarterlyBonusYear } from '@/domain/competition';
import { consumeRateLimit, rateLimitRules } from '../../http/rate-limit';
import type { AuthUser } from '../../http/access-token';
import type { DbOrTx } from '../../db/client';
import { writeForUser } from '../../db/user-write-lock';
import { audit } from '../audit/repo';
import { userLevels, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '@/domain/errors';
import { removePhoto } from '../../http/photo-storage';
import { achievementsPage, eventsPage, findEmployeeRow, pageOf, workoutsPage, type Page } from './admin-repo';
import { employeesPageJson } from './employee-page';
import { PreSerialized } from '../../http/pre-serialized';
import { loadUser } from './repo';

/** Users management by an admin (SPEC 2 "Admin users table", 6). Employees only; admins get 404. */

export const USER_NOT_FOUND = 'User not found';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const RESET_MAIL_SENT = 'Reset password mail has been sent';

const userNotFound = () => notFound(USER_NOT_FOUND);

/** The table's page as UserList JSON written by the database (employee-page.ts). */
export const listUsers = async (deps: AppDeps, query: UsersQuery) =>
  new PreSerialized<(typeof usersEndpoints)['list']>(
    await employeesPageJson(deps.db, { ...query, ...pageOf(query.currentPage, query.pageSize), bonusYear: quarterlyBonusYear(deps.clock.now()) }),
  );

export const getUser = async (deps: AppDeps, id: number): Promise<User> => {
  if (!(await findEmployeeRow(deps.db, id))) throw userNotFound();
  const user = await loadUser(deps.db, id, deps.clock.now());
  if (!user) throw userNotFound();
  return user;
};

/**
 * Writes the profile fields and the level. An admin may correct the level at any time (the
 * 1-7 April window binds employees only): it is stored on the user and on the user_levels row of
 * the current competition year, which the leaderboards read. Levels carry no points, so no rescoring.
 */
export const updateUser = async (deps: AppDeps, caller: AuthUser, id: number, body: AdminUserUpdate): Promise<User> => {
  const now = deps.clock.now();
  return writeForUser(deps.db, id, async (tx) => {
    const before = await findEmployeeRow(tx, id, true);
    if (!before) throw userNotFound();
    const fields = ({ firstName, lastName, gender, dateOfBirth, levelOfCompetition }: AdminUserUpdate) => ({ firstName, lastName, gender, dateOfBirth, levelOfCompetition });
    await audit(tx, { at: now, actor: caller, action: 'user.update', subject: before, before: fields(before as AdminUserUpdate), after: fields(body) });
    if (before.levelOfCompetition !== body.levelOfCompetition) {
      await audit(tx, { at: now, actor: caller, action: 'level.change', subject: before, before: { levelOfCompetition: before.levelOfCompetition }, after: { levelOfCompetition: body.levelOfCompetition } });
    }
    await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        gender: body.gender,
        dateOfBirth: body.dateOfBirth,
        levelOfCompetition: body.levelOfCompetition,
        updatedAt: now,
      })
      .where(eq(users.id, id));
    await tx
      .insert(userLevels)
      .values({ userId: id, competitionYear: currentCompetitionYear(now), levelOfCompetition: body.levelOfCompetition })
      .onConflictDoUpdate({
        target: [userLevels.userId, userLevels.competitionYear],
        set: { levelOfCompetition: body.levelOfCompetition },
      });
    const user = await loadUser(tx, id, now);
    if (!user) throw userNotFound();
    return user;
  });
};

/**
 * Deletes the employee and, through the foreign keys' ON DELETE CASCADE, every row of theirs
 * (activities, steps, events, bonuses, scores, sessions, tracker links); then their photo file.
 */
export const deleteUser = async (deps: AppDeps, caller: AuthUser, id: number, log: FastifyBaseLogger): Promise<void> => {
  // Checked first, so the admin gets a sentence rather than a bare 404 for their own id.
  if (caller.id === id) throw conflict(CANNOT_DELETE_SELF);
  // Their tracker grants are withdrawn at the providers first (failures logged; the deletion goes on).
  await trackerServiceOf(deps, log).revokeAllOf(id, log);
  const photo = await writeForUser(deps.db, id, async (tx) => {
    const row = await findEmployeeRow(tx, id, true);
    if (!row) throw userNotFound();
    await audit(tx, { at: deps.clock.now(), actor: caller, action: 'user.delete', subject: row, before: { firstName: row.firstName, lastName: row.lastName, email: row.email, levelOfCompetition: row.levelOfCompetition } });
    await tx.delete(users).where(eq(users.id, id));
    return row.profilePicture;
  });
  // After the commit: a failed delete never loses the photo of a user who still exists.
  if (photo) await removePhoto(deps.config.dataDir, photo).catch(() => undefined);
};

/** The very mail of forgot-password (the auth module's, through deps), triggered by an admin. */
export const sendResetMail = async (deps: AppDeps, caller: AuthUser, id: number) => {
  const row = await findEmployeeRow(deps.db, id);
  if (!row) throw userNotFound();
  await consumeRateLimit(deps.db, rateLimitRules.adminResetPerAccount, String(row.id), deps.clock.now());
  await deps.jobs.send('mail.password-reset', { userId: row.id }); // sent by a job, retried if SMTP fails
  await audit(deps.db, { at: deps.clock.now(), actor: caller, action: 'user.reset_password_mail', subject: row });
  return { message: RESET_MAIL_SENT };
};

/** The three lists of /admin/users/:id/workouts; an unknown user is a 404, not an empty page. */
const pagedOf =
  <T>(read: (db: DbOrTx, userId: number, page: Page) => Promise<{ rows: T[]; count: number }>) =>
  async (deps: AppDeps, id: number, query: PageQuery) => {
    if (!(await findEmployeeRow(deps.db, id))) throw userNotFound();
    return read(deps.db, id, pageOf(query.page, query.pageSize));
  };

export const userWorkouts = pagedOf(workoutsPage);
export const userEvents = pagedOf(eventsPage);
export const userAchievements = pagedOf(achievementsPage);
