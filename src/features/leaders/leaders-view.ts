import { PAGE_MAX, SEARCH_MAX, levels } from '../../api/contract/values';
import { choiceParam, searchReader, textParam, wholeNumberParam } from '../../lib/search-params';

export type LeadersView = { level?: (typeof levels)[number]; year?: number; page: number; search?: string };

/** The admin leaders screen's state in the URL: level, year, page and name search. */
export const LeadersView = searchReader(
  (search): LeadersView => ({
    level: choiceParam(search.level, levels),
    year: wholeNumberParam(search.year, 2022, 9999),
    page: wholeNumberParam(search.page, 1, PAGE_MAX) ?? 1,
    search: textParam(search.search, SEARCH_MAX),
  }),
);
export type LeadersViewSearch = Partial<LeadersView>;

/** Defaults left out of the address. */
export const leadersViewSearch = (view: LeadersView): LeadersViewSearch => {
  const search: LeadersViewSearch = {};
  if (view.level) search.level = view.level;
  if (view.year) search.year = view.year;
  if (view.page > 1) search.page = view.page;
  if (view.search) search.search = view.search;
  return search;
};

