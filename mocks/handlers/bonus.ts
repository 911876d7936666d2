import type { HttpHandler } from 'msw';
import { bonusEndpoints } from '@/contract/bonus';
import { noQuarterlyBonus, type QuarterlyBonus } from '@/contract/users';
import { hasQuarterStarted, quarterName, quarterlyBonusYear, quarters } from '@/domain/competition';
import { mockClock } from '../clock';
import { findUserById, mockDb, nowIso } from '../db';
import { notFound, quarterNotStarted } from '../errors';
import { mockRoute } from '../http';
import { mockAudit } from './audit';
import { toContractUser } from '../serialize';

/** Quarterly bonus flags of quarterlyBonusYear(now), as the API's modules/bonus (employees only, else 404). */
const setQuarterlyBonus = (caller: { id: number; role: string }, userId: number, flags: QuarterlyBonus) => {
  const user = findUserById(userId);
  if (!user || user.role !== 'user') throw notFound('User not found');
  const competitionYear = quarterlyBonusYear(mockClock.now());
  const existing = mockDb.quarterlyBonuses.find((row) => row.userId === userId && row.competitionYear === competitionYear);
  const early = quarters.find(
    (quarter) => flags[quarter] && !existing?.[quarter] && !hasQuarterStarted(competitionYear, quarter, mockClock.now()),
  );
  if (early) throw quarterNotStarted(quarterName(competitionYear, early));
  const flagsOf = (row: QuarterlyBonus) => ({
    firstQuarter: row.firstQuarter,
    secondQuarter: row.secondQuarter,
    thirdQuarter: row.thirdQuarter,
    fourthQuarter: row.fourthQuarter,
  });
  mockAudit({
    actor: caller,
    action: 'bonus.change',
    subject: user,
    before: { year: competitionYear, ...flagsOf(existing ?? noQuarterlyBonus) },
    after: { year: competitionYear, ...flagsOf(flags) },
  });
  if (existing) Object.assign(existing, flags, { updatedAt: nowIso() });
  else mockDb.quarterlyBonuses.push({ userId, competitionYear, ...flags, updatedAt: nowIso() });
  return toContractUser(user);
};

export const bonusHandlers: HttpHandler[] = [
  mockRoute(bonusEndpoints.quarterlyBonus, ({ params, body, user }) => setQuarterlyBonus(user, params.id, body.newQuarterlyBonusData)),
  mockRoute(bonusEndpoints.activityQuarterlyBonus, ({ body, user }) => setQuarterlyBonus(user, body.userId, body.newQuarterlyBonusData)),
];
