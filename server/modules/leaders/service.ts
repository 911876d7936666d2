import type { leadersEndpoints } from '@/contract/leaders';
import { levels, type LevelOfCompetition } from '@/contract/common';
import { PreSerialized } from '../../http/pre-serialized';
import type { DbOrTx } from '../../db/client';
import { searchWordsOf } from '@/domain/search-words';
import { findLeadersJson, findTopLeadersJson } from './repo';
import { monthlyPointsMonth, resolveCompetitionYear } from '@/domain/leaders-year';

type TopEndpoint = (typeof leadersEndpoints)['top'];

/** No leaders yet: every level present and empty. */
const noLeaders = JSON.stringify(Object.fromEntries(levels.map((level) => [level, []])));

export const topLeaders = async (db: DbOrTx, requestedYear: number | undefined, now: Date): Promise<PreSerialized<TopEndpoint>> => {
  const year = resolveCompetitionYear(requestedYear, now);
  return new PreSerialized<TopEndpoint>((await findTopLeadersJson(db, year)) ?? noLeaders);
};

export type LeadersQueryInput = { levelOfCompetition?: LevelOfCompetition; competitionYear?: number; limit: number; offset: number; search?: string };

type ListEndpoint = (typeof leadersEndpoints)['list'];

export const leaderList = async (db: DbOrTx, query: LeadersQueryInput, now: Date): Promise<PreSerialized<ListEndpoint>> => {
  const year = resolveCompetitionYear(query.competitionYear, now);
  const json = await findLeadersJson(db, {
    year,
    month: monthlyPointsMonth(year, now),
    level: query.levelOfCompetition,
    limit: query.limit,
    offset: query.offset,
    // Folded like the stored words; at most 10 terms (a longer search is no more precise).
    searchTerms: searchWordsOf(query.search ?? '').slice(0, 10),
  });
  return new PreSerialized<ListEndpoint>(json);
};
