import { noQuarterlyBonus, type QuarterlyBonus, type User } from '@/contract/users';
import type { AuthUser } from '../../http/access-token';
import { auditRepo } from '../audit/repo';
import { hasQuarterStarted, quarterName, quarterlyBonusYear, quarters } from '@/domain/competition';
import { writeForUser } from '../../db/user-write-lock';
import type { AppDeps } from '../../deps';
import { notFound, quarterNotStarted } from '@/domain/errors';
import { scoringService } from '../scoring/service';
import { usersRepo } from '../users/repo';
import { bonusRepo } from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const flagsOf = (row: QuarterlyBonus) => ({ firstQuarter: row.firstQuarter, secondQuarter: row.secondQuarter, thirdQuarter: row.thirdQuarter, fourthQuarter: row.fourthQuarter });

export const bonusService = ({ db, clock }: Deps) => {
  const scoring = scoringService();
  return {
    /**
     * Sets the quarterly bonus flags of an employee for quarterlyBonusYear(now) (docs/product-rules.md#quarterly-bonus) and
     * rescores that year in the same transaction, so the standings change with the flags.
     */
    setQuarterlyBonus: async (caller: AuthUser, userId: number, flags: QuarterlyBonus): Promise<User> => {
      const now = clock.now();
      const year = quarterlyBonusYear(now);
      return writeForUser(db, userId, async (tx) => {
        const repo = bonusRepo(tx);
        const target = await repo.lockEmployee(userId);
        if (!target) throw notFound('User not found');
        const previous = await repo.findBonus(userId, year);
        // A quarter that has not begun cannot be awarded; unticking stays possible (a correction).
        const early = quarters.find((quarter) => flags[quarter] && !previous?.[quarter] && !hasQuarterStarted(year, quarter, now));
        if (early) throw quarterNotStarted(quarterName(year, early));
        await auditRepo(tx).audit({ at: now, actor: caller, action: 'bonus.change', subject: target, before: { year, ...flagsOf(previous ?? noQuarterlyBonus) }, after: { year, ...flagsOf(flags) } });
        await repo.upsertBonus(userId, year, flags, now);
        await scoring.rescoreYear(tx, userId, year);
        const user = await usersRepo(tx).loadUser(userId, now);
        if (!user) throw notFound('User not found');
        return user;
      });
    },
  };
};
