import { and, eq, inArray } from 'drizzle-orm';
import type { User } from '@/contract/users';
import { quarterlyBonusYear } from '@/domain/competition';
import type { DbOrTx } from '../../db/client';
import { quarterlyBonuses, users } from '../../db/schema';
import { repoOf } from '../../db/repo-of';
import { achievementsPage, allEmployees, deleteUserRow, eventsPage, findEmployeeRow, updateEmployee, upsertEmployeeLevel, workoutsPage } from './admin-repo';
import { employeesPageJson } from './employee-page';
import { toUser, type UserRow } from './serialize';

/** Shared user lookups; every module that returns a `User` goes through here. */

export const findUserRowById = async (db: DbOrTx, id: number): Promise<UserRow | null> => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
};

/** `email` must already be normalised (the contract's email field lower-cases it). */
export const findUserRowByEmail = async (db: DbOrTx, email: string): Promise<UserRow | null> => {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
};

/** The contract `User` with the quarterly bonus flags of quarterlyBonusYear(now); null when missing. */
export const loadUser = async (db: DbOrTx, id: number, now: Date): Promise<User | null> => {
  const [row] = await db
    .select({ user: users, bonus: quarterlyBonuses })
    .from(users)
    .leftJoin(quarterlyBonuses, and(eq(quarterlyBonuses.userId, users.id), eq(quarterlyBonuses.competitionYear, quarterlyBonusYear(now))))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toUser(row.user, row.bonus) : null;
};

/** Serialises many rows at once (one query for their bonus flags), keeping the given order. */
export const serializeUsers = async (db: DbOrTx, rows: UserRow[], now: Date): Promise<User[]> => {
  if (rows.length === 0) return [];
  const bonuses = await db
    .select()
    .from(quarterlyBonuses)
    .where(and(eq(quarterlyBonuses.competitionYear, quarterlyBonusYear(now)), inArray(quarterlyBonuses.userId, rows.map((row) => row.id))));
  const byUser = new Map(bonuses.map((bonus) => [bonus.userId, bonus]));
  return rows.map((row) => toUser(row, byUser.get(row.id)));
};

/** The users module's queries on one handle (other modules load a `User` through this too). */
export const usersRepo = repoOf({
  findUserRowById,
  findUserRowByEmail,
  loadUser,
  serializeUsers,
  employeesPageJson,
  allEmployees,
  findEmployeeRow,
  workoutsPage,
  eventsPage,
  achievementsPage,
  updateEmployee,
  upsertEmployeeLevel,
  deleteUserRow,
});
