import { z } from 'zod';
import { LevelOfCompetition, SEARCH_MAX } from '../../api/contract/common';

/** The admin leaders screen's state in the URL: level, year, page and name search. */
export const LeadersView = z.object({
  level: LevelOfCompetition.optional().catch(undefined),
  year: z.coerce.number().int().min(2022).max(9999).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  search: z.string().trim().max(SEARCH_MAX).optional().catch(undefined),
});
export type LeadersView = z.output<typeof LeadersView>;
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

