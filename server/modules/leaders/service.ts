import type { leadersEndpoints } from '@/contract/leaders';
import type { LevelOfCompetition } from '@/contract/common';
import { tickShared } from '../../db/tick-batch';
import { PreSerialized } from '../../http/pre-serialized';
import type { AppDeps } from '../../deps';
import { csvFileName, type CsvExport } from '@/domain/csv';
import { toIsoDay } from '@/domain/competition';
import type { LeaderList } from '@/contract/leaders';
import { leadersRepo } from './repo';
import { stampedCache } from '../../db/stamped-cache';
import { monthlyPointsMonth, resolveCompetitionYear } from '@/domain/leaders-year';

type TopEndpoint = (typeof leadersEndpoints)['top'];

type Reads = ReturnType<typeof leadersRepo>;

/** The year's top leaders are the same for every caller: the reads of one turn share one (tick-batch.ts). */
const topLeadersReads = (reads: Reads) => tickShared<number, string>(String, (year) => reads.findTopLeadersJson(year));

const topLeaders = async (readTop: ReturnType<typeof topLeadersReads>, requestedYear: number | undefined, now: Date): Promise<PreSerialized<TopEndpoint>> => {
  const year = resolveCompetitionYear(requestedYear, now);
  return new PreSerialized<TopEndpoint>(await readTop(year));
};

export type LeadersQueryInput = { levelOfCompetition?: LevelOfCompetition; competitionYear?: number; limit: number; offset: number; search?: string };

type ListEndpoint = (typeof leadersEndpoints)['list'];

/** Each search's matched count, kept while its stamp holds: an admin paging through a broad search asks the same count on every page. */
type MatchedCounts = ReturnType<typeof stampedCache<number>>;

const leaderList = async (reads: Reads, matchedCounts: MatchedCounts, query: LeadersQueryInput, now: Date): Promise<PreSerialized<ListEndpoint>> => {
  const year = resolveCompetitionYear(query.competitionYear, now);
  const key = JSON.stringify([year, query.levelOfCompetition ?? '', query.search ?? '']);
  const latest = query.search ? matchedCounts.latest(key) : undefined;
  const page = await reads.findLeadersPage(
    { year, month: monthlyPointsMonth(year, now), level: query.levelOfCompetition, limit: query.limit, offset: query.offset, search: query.search },
    latest && { stamp: latest.stamp, matched: latest.value },
  );
  if (page.matched) matchedCounts.set(key, page.matched.stamp, page.matched.matched);
  return new PreSerialized<ListEndpoint>(page.json);
};

const EXPORT_BATCH = 1000;

/**
 * The admin leaders list as CSV: every row of the level(s), year and search. The list's order is
 * read once (its ids), then its rows 1,000 at a time by id: each row is read once, where pages by
 * offset skipped every earlier row again (61 s for 100,000 rows).
 */
const exportLeaders = (reads: Reads, query: Omit<LeadersQueryInput, 'limit' | 'offset'>, now: Date): CsvExport => {
  const year = resolveCompetitionYear(query.competitionYear, now);
  const month = monthlyPointsMonth(year, now);
  async function* rows() {
    const ids = await reads.findLeaderIds({ year, level: query.levelOfCompetition, search: query.search });
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const batch = JSON.parse(await reads.findLeaderRowsJson(year, month, ids.slice(start, start + EXPORT_BATCH))) as LeaderList['rows'];
      for (const row of batch) yield [row.firstName, row.lastName, row.email, row.levelOfCompetition, row.annualPoints, row.monthlyPoints];
    }
  }
  return {
    fileName: csvFileName(['leaders', query.levelOfCompetition ?? 'all-levels', year], toIsoDay(now)),
    header: ['First name', 'Last name', 'Email', 'Level of competition', 'Annual Points', 'Monthly Points'],
    rows: rows(),
  };
};

export const leadersService = ({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) => {
  // Built once per app: the hot top and list reads allocate only their answers.
  const reads = leadersRepo(db);
  const readTop = topLeadersReads(reads);
  // Testing a term everyone matches on 100,000 employees costs 35-50 ms (docs/performance.md, the admin leaders list at full size).
  const matchedCounts = stampedCache<number>(256);
  return {
    top: (competitionYear: number | undefined) => topLeaders(readTop, competitionYear, clock.now()),
    list: (query: LeadersQueryInput) => leaderList(reads, matchedCounts, query, clock.now()),
    exportList: (query: Omit<LeadersQueryInput, 'limit' | 'offset'>) => exportLeaders(reads, query, clock.now()),
  };
};
