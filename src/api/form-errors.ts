import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ServerCode } from './contract';
import { ApiError } from './errors';

/** Server refusals that belong to one field, whatever form sent it. */
const FIELD_OF_CODE: Partial<Record<ServerCode, string>> = {
  EMAIL_TAKEN: 'email',
  LEVEL_WINDOW_CLOSED: 'levelOfCompetition',
  PHOTO_TOO_LARGE: 'photo',
  PHOTO_TYPE_NOT_ALLOWED: 'photo',
};

/**
 * The one mapping of a server refusal onto a form (DESIGN 5): a 400's field issues and a
 * field-specific 4xx (a taken e-mail's 409, a closed level window) go beside the fields they name,
 * so the field turns red with the server's words. Returns true when something was shown on a field.
 */
export const showServerErrorsOnFields = <T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) => {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  const show = (name: string, message: string) => {
    const field = fields.find((candidate) => candidate === name);
    if (!field) return;
    setError(field, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  };
  if (error.statusCode === 400) for (const issue of error.issues) show(issue.path, issue.message);
  const codeField = error.serverCode ? FIELD_OF_CODE[error.serverCode] : undefined;
  if (codeField) show(codeField, error.message);
  return shown;
};
