import type { LeaderList, TopLeaders } from '../../../src/api/contract/leaders';
import { levels, type LevelOfCompetition } from '../../../src/api/contract/common';
import type { DbOrTx } from '../../db/client';
import { uploadUrl } from '../users/serialize';
import { findLeaders, findTopLeaders } from './repo';
import { monthlyPointsMonth, resolveCompetitionYear } from './year';

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
