import { and, eq } from 'drizzle-orm';
import type { QuarterlyBonus } from '@/contract/users';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { quarterlyBonuses, users } from '../../db/schema';

/** The employee whose flags change, locked for the rest of the transaction; null for unknown ids and admins. */
export const lockEmployee = async (tx: DbOrTx, userId: number) => {
  const [target] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'user')))
    .for('update');
  return target ?? null;
};

/** The stored flags of one competition year, or null when none were set. */
export const findBonus = async (tx: DbOrTx, userId: number, year: number) => {
  const [previous] = await tx.select().from(quarterlyBonuses).where(and(eq(quarterlyBonuses.userId, userId), eq(quarterlyBonuses.competitionYear, year)));
  return previous ?? null;
};

export const upsertBonus = async (tx: DbOrTx, userId: number, year: number, flags: QuarterlyBonus, now: Date) => {
  await tx
    .insert(quarterlyBonuses)
    .values({ userId, competitionYear: year, ...flags, updatedAt: now })
    .onConflictDoUpdate({ target: [quarterlyBonuses.userId, quarterlyBonuses.competitionYear], set: { ...flags, updatedAt: now } });
};

export const bonusRepo = repoOf({ lockEmployee, findBonus, upsertBonus });
