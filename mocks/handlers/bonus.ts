import type { HttpHandler } from 'msw';
import { activityEndpoints } from '@/contract/activity';
import { usersEndpoints, type QuarterlyBonus } from '@/contract/users';
import { quarterlyBonusYear } from '@/domain/competition';
import { mockClock } from '../clock';
import { findUserById, mockDb, nowIso } from '../db';
import { notFound } from '../errors';
import { mockRoute } from '../http';
import { toContractUser } from '../serialize';

/** Quarterly bonus flags of quarterlyBonusYear(now), as server/modules/bonus (employees only, else 404). */
const setQuarterlyBonus = (userId: number, flags: QuarterlyBonus) => {
  const user = findUserById(userId);
  if (!user || user.role !== 'user') throw notFound('User not found');
  const competitionYear = quarterlyBonusYear(mockClock.now());
  const existing = mockDb.quarterlyBonuses.find((row) => row.userId === userId && row.competitionYear === competitionYear);
  if (existing) Object.assign(existing, flags, { updatedAt: nowIso() });
  else mockDb.quarterlyBonuses.push({ userId, competitionYear, ...flags, updatedAt: nowIso() });
  return toContractUser(user);
};

export const bonusHandlers: HttpHandler[] = [
  mockRoute(usersEndpoints.quarterlyBonus, ({ params, body }) => setQuarterlyBonus(params.id, body.newQuarterlyBonusData)),
  mockRoute(activityEndpoints.quarterlyBonus, ({ body }) => setQuarterlyBonus(body.userId, body.newQuarterlyBonusData)),
];
