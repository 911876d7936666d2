import { z } from 'zod';
import { LevelOfCompetition, SEARCH_MAX, SortOrder } from '../../api/contract/common';
import { UserSort } from '../../api/contract/users';

/**
 * The admin users screen's state, kept in the URL (`/admin/dashboard?search=mar&level=Elite&page=2`):
 * a reload, back/forward or a shared link shows the same view. Anything unreadable falls back to
 * its default instead of failing the page.
 */
export const UsersView = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  search: z.string().trim().max(SEARCH_MAX).optional().catch(undefined),
  level: LevelOfCompetition.optional().catch(undefined),
  sort: UserSort.catch('lastName').default('lastName'),
  order: SortOrder.catch('asc').default('asc'),
});
export type UsersView = z.output<typeof UsersView>;

export type UsersViewSearch = Partial<UsersView>;

/** The URL form: defaults left out, so the plain screen keeps the plain address. */
export const usersViewSearch = (view: UsersView): UsersViewSearch => {
  const search: UsersViewSearch = {};
  if (view.page > 1) search.page = view.page;
  if (view.search) search.search = view.search;
  if (view.level) search.level = view.level;
  if (view.sort !== 'lastName') search.sort = view.sort;
  if (view.order !== 'asc') search.order = view.order;
  return search;
};

export const usersQueryOf = (view: UsersView, pageSize: number) => ({
  currentPage: view.page,
  pageSize,
  search: view.search || undefined,
  level: view.level,
  sort: view.sort,
  order: view.order,
});
