import { z } from 'zod';
import { AuditAction } from '../../api/contract/audit';

/** The audit screen's state in the URL: page, subject (a user id) and action. */
export const AuditView = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  subjectId: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  action: AuditAction.optional().catch(undefined),
});
export type AuditView = z.output<typeof AuditView>;

export const auditViewSearch = (view: AuditView): Partial<AuditView> => {
  const search: Partial<AuditView> = {};
  if (view.page > 1) search.page = view.page;
  if (view.subjectId) search.subjectId = view.subjectId;
  if (view.action) search.action = view.action;
  return search;
};
