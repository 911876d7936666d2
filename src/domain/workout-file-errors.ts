import { AppError } from './errors';

/**
 * The refusals of a workout-file import (docs/trackers.md "File imports"), each naming the file in
 * the employee's words. A refused upload saves nothing: the preview writes nothing, and a failed
 * file fails the whole upload.
 */
const quoted = (file: string) => `"${file}"`;

export const workoutFileErrors = {
  damaged: (file: string) => new AppError(400, 'IMPORT_FILE_UNREADABLE', `${quoted(file)} could not be read: it is damaged. Export it again and try once more.`),
  truncated: (file: string) => new AppError(400, 'IMPORT_FILE_UNREADABLE', `${quoted(file)} is incomplete: it ends early. Download or export it again and try once more.`),
  unsupported: (file: string) =>
    new AppError(400, 'IMPORT_FILE_UNSUPPORTED', `${quoted(file)} is not a workout file. Choose FIT, GPX or TCX files, a ZIP of them, or Apple Health's export.zip.`),
  passwordProtected: (file: string) => new AppError(400, 'IMPORT_FILE_UNSUPPORTED', `${quoted(file)} is password-protected. Export it again without a password.`),
  uploadTooLarge: (megabytes: number) =>
    new AppError(413, 'IMPORT_TOO_LARGE', `These files are larger than the ${megabytes.toLocaleString('en-US')} MB one import may hold. Import them in parts.`),
  fileTooLarge: (file: string, megabytes: number) =>
    new AppError(413, 'IMPORT_TOO_LARGE', `${quoted(file)} is larger than a workout file can be (${megabytes.toLocaleString('en-US')} MB).`),
  /** A ZIP bomb: far more inside than any export holds, or packed far tighter than real data packs. */
  unpacksTooLarge: (file: string, megabytes: number) =>
    new AppError(413, 'IMPORT_TOO_LARGE', `${quoted(file)} unpacks to more than ${megabytes.toLocaleString('en-US')} MB, or to far more than its size, and was refused.`),
  tooManyFiles: (limit: number) => new AppError(413, 'IMPORT_TOO_LARGE', `This upload holds more than ${limit.toLocaleString('en-US')} files. Import it in parts.`),
  tooManyWorkouts: (limit: number) => new AppError(413, 'IMPORT_TOO_LARGE', `This upload holds more than ${limit.toLocaleString('en-US')} workouts. Import it in parts.`),
  nothingChosen: () => new AppError(400, 'VALIDATION_FAILED', 'Choose at least one file to import.'),
  previewExpired: () => new AppError(400, 'IMPORT_PREVIEW_EXPIRED', 'This preview has expired. Choose the files again.'),
};
