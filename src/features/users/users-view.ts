import { PAGE_MAX, SEARCH_MAX, levels, sortOrders, userSortColumns } from '../../api/contract/values';
import { choiceParam, searchReader, textParam, wholeNumberParam } from '../../lib/search-params';

export type UsersView = {
  page: number;
  search?: string;
  level?: (typeof levels)[number];
  sort: (typeof userSortColumns)[number];
  order: (typeof sortOrders)[number];
};

/**
 * The admin users screen's state, kept in the URL (`/admin/dashboard?search=mar&level=Elite&page=2`):
 * a reload, back/forward or a shared link shows the same view. Anything unreadable falls back to
 * its default instead of failing the page.
 */
export const UsersView = searchReader(
  (search): UsersView => ({
    page: wholeNumberParam(search.page, 1, PAGE_MAX) ?? 1,
    search: textParam(search.search, SEARCH_MAX),
    level: choiceParam(search.level, levels),
    sort: choiceParam(search.sort, userSortColumns) ?? 'lastName',
    order: choiceParam(search.order, sortOrders) ?? 'asc',
  }),
);

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
