import type { Logger } from '../../logger';
import { deleteAccount } from '../privacy/account-deletion';
import type { PageQuery } from '@/contract/common';
import { type AdminUserUpdate, type User, type UsersQuery, type usersEndpoints } from '@/contract/users';
import { changedAdminFields } from '@/domain/audit-changes';
import { currentCompetitionYear, quarterlyBonusYear } from '@/domain/competition';
import { workoutForOthers } from '@/domain/strava-agreement';
import { consumeRateLimit, rateLimitRules } from '../../http/rate-limit';
import type { AuthUser } from '../../http/access-token';
import { writeForUser } from '../../db/user-write-lock';
import { scoringService } from '../scoring/service';
import { auditRepo } from '../audit/repo';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '@/domain/errors';
import { pageOf, type Page } from './page';
import { PreSerialized } from '../../http/pre-serialized';
import { usersRepo } from './repo';
import { stampedCache } from '../../db/stamped-cache';

/** Users management by an admin (docs/product-rules.md#users-management). Employees only; admins get 404. */

export const USER_NOT_FOUND = 'User not found';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const RESET_MAIL_SENT = 'Reset password mail has been sent';

const userNotFound = () => notFound(USER_NOT_FOUND);

export type UsersDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'trackers' | 'photos' | 'metrics' | 'mailer'>;

type Reads = ReturnType<typeof usersRepo>;

export const adminUsersService = (deps: UsersDeps) => {
  const reads = usersRepo(deps.db);
  // Each search's count while nobody changed what it counts: an admin paging through a search that
  // matches everyone asks the same count on every page (docs/performance.md, admin searches at full size).
  const searchCounts = stampedCache<number>(256);

  /** The three lists of /admin/users/:id/workouts; an unknown user is a 404, not an empty page. */
  const pagedOf =
    <T>(read: (userId: number, page: Page) => Promise<{ rows: T[]; count: number }>) =>
    async (id: number, query: PageQuery) => {
      if (!(await reads.findEmployeeRow(id))) throw userNotFound();
      return read(id, pageOf(query.page, query.pageSize));
    };

  return {
    /** The table's page as UserList JSON written by the database (employee-page.ts). */
    list: async (query: UsersQuery) => {
      const key = JSON.stringify([query.search ?? '', query.level ?? '']);
      const kept = searchCounts.latest(key);
      const page = await reads.employeesPageJson(
        { ...query, ...pageOf(query.currentPage, query.pageSize), bonusYear: quarterlyBonusYear(deps.clock.now()), quarterlyBonusPoints: deps.config.scoring.quarterlyBonus },
        kept && { stamp: kept.stamp, count: kept.value },
      );
      if (page.stamp) searchCounts.set(key, page.stamp, page.count);
      return new PreSerialized<(typeof usersEndpoints)['list']>(page.json);
    },

    detail: async (id: number): Promise<User> => {
      if (!(await reads.findEmployeeRow(id))) throw userNotFound();
      const user = await reads.loadUser(id, deps.clock.now());
      if (!user) throw userNotFound();
      return user;
    },

    /**
     * Writes the profile fields and the level. An admin may correct the level at any time (the
     * 1-7 April window binds employees only): it is stored on the user and on the user_levels row of
     * the current competition year, and that year's scores move to the new level (rescored).
     */
    update: async (caller: AuthUser, id: number, body: AdminUserUpdate): Promise<User> => {
      const now = deps.clock.now();
      return writeForUser(deps.db, id, async (tx) => {
        const repo: Reads = usersRepo(tx);
        const audit = auditRepo(tx).audit;
        const before = await repo.findEmployeeRow(id, true);
        if (!before) throw userNotFound();
        // One entry per edit, with every field it changed (the level too).
        const change = changedAdminFields(before as AdminUserUpdate, body);
        await audit({ at: now, actor: caller, action: 'user.update', subject: before, ...change });
        await repo.updateEmployee(id, body, now);
        await repo.upsertEmployeeLevel(id, currentCompetitionYear(now), body.levelOfCompetition);
        if (before.levelOfCompetition !== body.levelOfCompetition) await scoringService().rescoreLevelChange(tx, id, currentCompetitionYear(now));
        const user = await repo.loadUser(id, now);
        if (!user) throw userNotFound();
        return user;
      });
    },

    /** Deletes the employee through the same service as 'Delete my account' (modules/privacy/account-deletion.ts). */
    remove: async (caller: AuthUser, id: number, log: Logger): Promise<void> => {
      // Checked first, so the admin gets a sentence rather than a bare 404 for their own id.
      if (caller.id === id) throw conflict(CANNOT_DELETE_SELF);
      if (!(await reads.findEmployeeRow(id))) throw userNotFound();
      await deleteAccount(deps, caller, id, log);
    },

    /** The very mail of forgot-password (the auth module's, through deps), triggered by an admin. */
    sendResetMail: async (caller: AuthUser, id: number) => {
      const row = await reads.findEmployeeRow(id);
      if (!row) throw userNotFound();
      await consumeRateLimit(deps.db, rateLimitRules.adminResetPerAccount, String(row.id), deps.clock.now());
      await deps.jobs.send('mail.password-reset', { userId: row.id }); // sent by a job, retried if SMTP fails
      await auditRepo(deps.db).audit({ at: deps.clock.now(), actor: caller, action: 'user.reset_password_mail', subject: row });
      return { message: RESET_MAIL_SENT };
    },

    // Strava imports only as their points (Strava's API agreement): the admin is not the athlete.
    workouts: pagedOf(async (userId, page) => {
      const { rows, count } = await reads.workoutsPage(userId, page);
      return { rows: rows.map((row) => workoutForOthers(row, deps.config.scoring)), count };
    }),
    events: pagedOf(reads.eventsPage),
    achievements: pagedOf(reads.achievementsPage),
  };
};
