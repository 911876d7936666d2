import type { DataExport } from '@/contract/privacy';
import { AppError, notFound } from './errors';

/** Rules of the privacy self-service (docs/access.md#privacy-self-service), pure: the server and the mocks share them. */

/** A finished export is offered this long. */
export const EXPORT_OFFERED_HOURS = 24;

/** An account without a password (single sign-on) may be deleted this long after signing in. */
export const RECENT_SIGN_IN_MINUTES = 10;

/** What the audit trail keeps of a deleted account: its number, never its name. */
export const deletedAccountName = (userId: number) => `Deleted account #${userId}`;

export const exportNotReady = () => notFound('Your data is not ready for download; please request it again');
export const passwordMissing = () => new AppError(403, 'REAUTHENTICATION_REQUIRED', 'Please enter your password');
export const passwordIncorrect = () => new AppError(403, 'REAUTHENTICATION_REQUIRED', 'The password is not correct');
export const recentSignInRequired = () =>
  new AppError(403, 'REAUTHENTICATION_REQUIRED', `Please sign in again, then delete your account within ${RECENT_SIGN_IN_MINUTES} minutes`);

type StoredExport = { status: 'preparing' | 'ready' | 'failed'; requestedAt: Date; readyAt: Date | null; expiresAt: Date | null };

/** The answer for the newest export row: an expired or missing one is `none`. */
export const dataExportOf = (row: StoredExport | null, now: Date): DataExport => {
  if (!row || (row.expiresAt && row.expiresAt <= now)) return { status: 'none', requestedAt: null, readyAt: null, expiresAt: null };
  return {
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
};

/** When a finished export stops being offered. */
export const exportExpiry = (readyAt: Date) => new Date(readyAt.getTime() + EXPORT_OFFERED_HOURS * 3_600_000);

/** A file endpoint's answer (`produces: 'file'`): the bytes with their name and type. */
export type FileDownload = { fileName: string; contentType: string; bytes: Uint8Array };
