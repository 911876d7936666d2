import { and, eq } from 'drizzle-orm';
import type { QuarterlyBonus, User } from '@/contract/users';
import { quarterlyBonusYear } from '@/domain/competition';
import type { Db } from '../../db/client';
import { writeForUser } from '../../db/user-write-lock';
import { quarterlyBonuses, users } from '../../db/schema';
import { notFound } from '@/domain/errors';
import type { ScoringRules } from '@/domain/scoring-rules';
import { recomputeUserYear } from '../scoring/recompute';
import { loadUser } from '../users/repo';

/**
 * Sets the quarterly bonus flags of an employee for quarterlyBonusYear(now) (DESIGN 4) and
 * rescores that year in the same transaction, so the standings change with the flags.
 */
export const setQuarterlyBonus = async (db: Db, rules: ScoringRules, userId: number, flags: QuarterlyBonus, now: Date): Promise<User> => {
  const year = quarterlyBonusYear(now);
  return writeForUser(db, userId, async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.role, 'user'))).for('update');
    if (!target) throw notFound('User not found');
    await tx
      .insert(quarterlyBonuses)
      .values({ userId, competitionYear: year, ...flags, updatedAt: now })
      .onConflictDoUpdate({ target: [quarterlyBonuses.userId, quarterlyBonuses.competitionYear], set: { ...flags, updatedAt: now } });
    await recomputeUserYear(tx, userId, year, rules);
    const user = await loadUser(tx, userId, now);
    if (!user) throw notFound('User not found');
    return user;
  });
};
