import type { LeaderList, leadersEndpoints } from '../../../src/api/contract/leaders';
import { levels, type LevelOfCompetition } from '../../../src/api/contract/common';
import { PreSerialized } from '../../http/pre-serialized';
import type { DbOrTx } from '../../db/client';
import { findLeaders, findTopLeadersJson } from './repo';
import { monthlyPointsMonth, resolveCompetitionYear } from './year';

type TopEndpoint = (typeof leadersEndpoints)['top'];

/** No leaders yet: every level present and empty. */
const noLeaders = JSON.stringify(Object.fromEntries(levels.map((level) => [level, []])));

export const topLeaders = async (db: DbOrTx, requestedYear: number | undefined, now: Date): Promise<PreSerialized<TopEndpoint>> => {
  const year = resolveCompetitionYear(requestedYear, now);
  return new PreSerialized<TopEndpoint>((await findTopLeadersJson(db, year)) ?? noLeaders);
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
