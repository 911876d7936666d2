import { z } from 'zod';
import { Id, PAGE_MAX, endpoint, wholeNumber } from './common';
import { auditActions, auditSystems } from './values';

export { auditActions, auditSystems };

export const AuditSystem = z.enum(auditSystems);
export type AuditSystem = z.infer<typeof AuditSystem>;

export const AuditAction = z.enum(auditActions, 'Unknown audit action');
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditEvent = z.object({
  id: z.number().int().positive(),
  /** ISO date-time. */
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorRole: z.string().nullable(),
  /** The acting person's name now; null when no person acted, or when their account is deleted. */
  actorName: z.string().nullable(),
  /** Which automatic part of the product acted (a job, the sign-in protection); null when a person did. */
  actorSystem: AuditSystem.nullable(),
  action: AuditAction,
  subjectId: z.number().int().nullable(),
  /** The employee's name now; once their account is deleted, as it was when the entry was written. */
  subjectName: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  /** The employee's account no longer exists. */
  subjectDeleted: z.boolean(),
  /** JSON text of the state before and after (null when there is none). */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditQuery = z.object({
  page: wholeNumber('Page', 1, PAGE_MAX).default(1),
  pageSize: wholeNumber('Page size', 1, 100).default(20),
  subjectId: Id.optional(),
  action: AuditAction.optional(),
});
export type AuditQuery = z.output<typeof AuditQuery>;
export const AuditExportQuery = AuditQuery.omit({ page: true, pageSize: true });

export const auditEndpoints = {
  /** Newest first, filtered by subject and action, paged in SQL. Entries cannot be edited or deleted. */
  list: endpoint({ method: 'GET', path: '/audit', auth: 'admin', query: AuditQuery, status: 200, response: z.object({ rows: z.array(AuditEvent), count: z.number().int().min(0) }) }),
  exportList: endpoint({ method: 'GET', path: '/audit/export.csv', auth: 'admin', query: AuditExportQuery, status: 200, response: null, produces: 'csv' }),
};
