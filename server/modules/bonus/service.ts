import { and, eq } from 'drizzle-orm';
import { noQuarterlyBonus, type QuarterlyBonus, type User } from '@/contract/users';
import type { AuthUser } from '../../http/access-token';
import { audit } from '../audit/repo';
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
export const setQuarterlyBonus = async (db: Db, rules: ScoringRules, caller: AuthUser, userId: number, flags: QuarterlyBonus, now: Date): Promise<User> => {
  const year = quarterlyBonusYear(now);
  return writeForUser(db, userId, async (tx) => {
    const [target] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, 'user')))
      .for('update');
    if (!target) throw notFound('User not found');
    const [previous] = await tx.select().from(quarterlyBonuses).where(and(eq(quarterlyBonuses.userId, userId), eq(quarterlyBonuses.competitionYear, year)));
    const flagsOf = (row: QuarterlyBonus) => ({ firstQuarter: row.firstQuarter, secondQuarter: row.secondQuarter, thirdQuarter: row.thirdQuarter, fourthQuarter: row.fourthQuarter });
    await audit(tx, { at: now, actor: caller, action: 'bonus.change', subject: target, before: { year, ...flagsOf(previous ?? noQuarterlyBonus) }, after: { year, ...flagsOf(flags) } });
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
