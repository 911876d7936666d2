import type { LeaderList, TopLeaders } from '../../../src/api/contract/leaders';
import { levels, type LevelOfCompetition } from '../../../src/api/contract/common';
import { currentCompetitionYear, toIsoDay } from '../../../src/lib/competition';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../errors';
import { uploadUrl } from '../users/serialize';
import { findLeaders, findTopLeaders } from './repo';

/** A requested competition year, checked against the clock (the contract already enforces >= 2022). */
export const resolveCompetitionYear = (requested: number | undefined, now: Date) => {
  const current = currentCompetitionYear(now);
  if (requested === undefined) return current;
  if (requested > current) throw badRequest(`Competition year must be ${current} or earlier`);
  return requested;
};

/** Monthly points: the current month for the current year, March (its last month) for a past year. */
export const monthlyPointsMonth = (year: number, now: Date) => (year === currentCompetitionYear(now) ? Number(toIsoDay(now).slice(5, 7)) : 3);

export const topLeaders = async (db: DbOrTx, requestedYear: number | undefined, now: Date): Promise<TopLeaders> => {
  const year = resolveCompetitionYear(requestedYear, now);
  const rows = await findTopLeaders(db, year);
  const result = Object.fromEntries(levels.map((level) => [level, [] as TopLeaders[LevelOfCompetition]])) as TopLeaders;
  for (const row of rows) {
    result[row.level].push({
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      profilePicture: uploadUrl(row.profile_picture),
      annualPoints: Number(row.points),
    });
  }
  return result;
};

export type LeadersQueryInput = { levelOfCompetition?: LevelOfCompetition; competitionYear?: number; limit: number; offset: number };

export const leaderList = async (db: DbOrTx, query: LeadersQueryInput, now: Date): Promise<LeaderList> => {
  const year = resolveCompetitionYear(query.competitionYear, now);
  const { rows, count } = await findLeaders(db, {
    year,
    month: monthlyPointsMonth(year, now),
    level: query.levelOfCompetition,
    limit: query.limit,
    offset: query.offset,
  });
  return {
    count: Number(count),
    rows: rows.map((row) => ({
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      levelOfCompetition: row.level,
      annualPoints: Number(row.annual_points),
      monthlyPoints: Number(row.monthly_points),
    })),
  };
};
