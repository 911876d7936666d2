import { repoOf } from '../../db/repo-of';
import { anonymiseAuditEntries, deletePersonRows, findAccountForUpdate, passwordHashOf, recordDeletion } from './deletion-repo';
import { deleteExportsOf, findExport, insertExport, markFailed, markReady, newestExport, purgeExpired, readyArchive } from './export-repo';
import { photoOf, readPersonalData } from './personal-data-repo';
import { signInStartedAt } from './sign-in-repo';

/** The privacy module's queries on one handle (docs/architecture.md#server-module-template). */
export const privacyRepo = repoOf({
  newestExport,
  insertExport,
  deleteExportsOf,
  findExport,
  markReady,
  markFailed,
  readyArchive,
  purgeExpired,
  readPersonalData,
  photoOf,
  findAccountForUpdate,
  passwordHashOf,
  anonymiseAuditEntries,
  deletePersonRows,
  recordDeletion,
  signInStartedAt,
});
