import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { REREAD_WHEN_OPENED_MS } from '../../../api/freshness';
import type { LevelOfCompetition } from '../../../api/contract/common';
import { leadersEndpoints } from '../../../api/contract/leaders';
import { competitionYearOptions } from '@/domain/competition';
import type { LeadersView } from '../leaders-view';

/** docs/product-rules.md#page-sizes-and-pagination: the leaders table shows 10 per page. */
export const LEADERS_PAGE_SIZE = 10;

export type LeadersFilter = { level: LevelOfCompetition | null; year: number; page: number; search?: string };

/** The one query-key factory of the admin leaders page. */
export const leadersQueries = {
  all: () => ['leaders'] as const,
  list: ({ level, year, page, search }: LeadersFilter) =>
    queryOptions({
      queryKey: [...leadersQueries.all(), 'list', { level, year, page, search }] as const,
      // docs/product-rules.md#leaderboard: the level is omitted for 'None'; limit 10, offset 10 * (page - 1).
      queryFn: ({ signal }) =>
        callApi(leadersEndpoints.list, {
          query: { levelOfCompetition: level ?? undefined, competitionYear: year, limit: LEADERS_PAGE_SIZE, offset: LEADERS_PAGE_SIZE * (page - 1), search: search || undefined },
          signal,
        }),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
};

/** What a view asks the server at `now` (loader and screen alike): no level is every level; a year outside the last five is the current one. */
export const leadersFilterOf = (view: LeadersView, now: Date): LeadersFilter => {
  const years = competitionYearOptions(now);
  return { level: view.level ?? null, year: view.year && years.includes(view.year) ? view.year : years[0]!, page: view.page, search: view.search };
};
