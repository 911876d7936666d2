import type { HttpHandler } from 'msw';
import { bonusEndpoints } from '@/contract/bonus';
import { noQuarterlyBonus, type QuarterlyBonus } from '@/contract/users';
import { quarterlyBonusYear } from '@/domain/competition';
import { mockClock } from '../clock';
import { findUserById, mockDb, nowIso } from '../db';
import { notFound } from '../errors';
import { mockRoute } from '../http';
import { mockAudit } from './audit';
import { toContractUser } from '../serialize';

/** Quarterly bonus flags of quarterlyBonusYear(now), as the API's modules/bonus (employees only, else 404). */
const setQuarterlyBonus = (caller: { id: number; role: string }, userId: number, flags: QuarterlyBonus) => {
  const user = findUserById(userId);
  if (!user || user.role !== 'user') throw notFound('User not found');
  const competitionYear = quarterlyBonusYear(mockClock.now());
  const existing = mockDb.quarterlyBonuses.find((row) => row.userId === userId && row.competitionYear === competitionYear);
  const flagsOf = (row: QuarterlyBonus) => ({ firstQuarter: row.firstQuarter, secondQuarter: row.secondQuarter, thirdQuarter: row.thirdQuarter, fourthQuarter: row.fourthQuarter });
  mockAudit({ actor: caller, action: 'bonus.change', subject: user, before: { year: competitionYear, ...flagsOf(existing ?? noQuarterlyBonus) }, after: { year: competitionYear, ...flagsOf(flags) } });
  if (existing) Object.assign(existing, flags, { updatedAt: nowIso() });
  else mockDb.quarterlyBonuses.push({ userId, competitionYear, ...flags, updatedAt: nowIso() });
  return toContractUser(user);
};

export const bonusHandlers: HttpHandler[] = [
  mockRoute(bonusEndpoints.quarterlyBonus, ({ params, body, user }) => setQuarterlyBonus(user, params.id, body.newQuarterlyBonusData)),
  mockRoute(bonusEndpoints.activityQuarterlyBonus, ({ body, user }) => setQuarterlyBonus(user, body.userId, body.newQuarterlyBonusData)),
];
