import { z } from 'zod';
import { endpoint } from './common';
import * as field from './fields';

/** The employee's privacy self-service (docs/access.md#privacy-self-service): 'Download my data' and 'Delete my account'. */

export const dataExportStatuses = ['none', 'preparing', 'ready', 'failed'] as const;

/** The caller's newest data export: `ready` until `expiresAt` (24 hours after it was made), then `none` again. */
export const DataExport = z.object({
  status: z.enum(dataExportStatuses),
  /** ISO date-times; null when there is no export. */
  requestedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExport>;

/**
 * 'Delete my account' confirms who is asking: the account's password. An account without a password
 * (single sign-on) proves a recent sign-in instead and sends no password.
 */
export const AccountDeletion = z.object({ password: field.loginPassword.optional() });
export type AccountDeletion = z.infer<typeof AccountDeletion>;

/** The confirmation dialog's field: empty for an account without a password (sent as no password). */
export const AccountDeletionForm = z.object({
  password: z.string().max(field.PASSWORD_MAX, `Password must be at most ${field.PASSWORD_MAX} characters`),
});
export type AccountDeletionForm = z.infer<typeof AccountDeletionForm>;

export const privacyEndpoints = {
  /** The state of the caller's newest export. */
  exportStatus: endpoint({ method: 'GET', path: '/privacy/export', auth: 'user', status: 200, response: DataExport }),
  /** Starts building a new export in the background (a running one is answered as it is). */
  requestExport: endpoint({ method: 'POST', path: '/privacy/export', auth: 'user', status: 202, response: DataExport }),
  /** The ZIP while it is offered (404 before it is ready and after it expired). */
  downloadExport: endpoint({
    method: 'GET',
    path: '/privacy/export/download',
    auth: 'user',
    status: 200,
    response: null,
    produces: 'file',
  }),
  /** Deletes the caller's account and everything of theirs; the session ends with it. */
  deleteAccount: endpoint({
    method: 'POST',
    path: '/privacy/account-deletion',
    auth: 'user',
    body: AccountDeletion,
    status: 204,
    response: null,
  }),
};
