import { PAGE_MAX, auditActions } from '../../api/contract/values';
import { choiceParam, searchReader, wholeNumberParam } from '../../lib/search-params';

export type AuditView = { page: number; subjectId?: number; action?: (typeof auditActions)[number] };

/** The audit screen's state in the URL: page, subject (a user id) and action. */
export const AuditView = searchReader(
  (search): AuditView => ({
    page: wholeNumberParam(search.page, 1, PAGE_MAX) ?? 1,
    subjectId: wholeNumberParam(search.subjectId, 1, 2_147_483_647),
    action: choiceParam(search.action, auditActions),
  }),
);

export const auditViewSearch = (view: AuditView): Partial<AuditView> => {
  const search: Partial<AuditView> = {};
  if (view.page > 1) search.page = view.page;
  if (view.subjectId) search.subjectId = view.subjectId;
  if (view.action) search.action = view.action;
  return search;
};
