import type { ServerCode } from './contract';
import { ApiError } from './api-error';

/** Server refusals that belong to one field, whatever form sent it. */
const FIELD_OF_CODE: Partial<Record<ServerCode, string>> = {
  EMAIL_TAKEN: 'email',
  EMAIL_DOMAIN_NOT_ALLOWED: 'email',
  LEVEL_WINDOW_CLOSED: 'levelOfCompetition',
  PHOTO_TOO_LARGE: 'photo',
  PHOTO_TYPE_NOT_ALLOWED: 'photo',
  REAUTHENTICATION_REQUIRED: 'password',
};

export type ServerFormErrors = {
  /** Messages for fields the form has, first one first (it gets the focus). */
  fields: { name: string; message: string }[];
  /** A 400's issues that name no field of this form: shown above the buttons. */
  form: string[];
};

/**
 * The one mapping of a server refusal onto a form (docs/architecture.md#conventions): a 400's field issues and a
 * field-specific 4xx (a taken e-mail's 409, a closed level window) go beside the fields they name,
 * so the field turns red with the server's words; a 400's other issues belong to the form as a
 * whole. Anything else (a 500, a network failure) is the toasts' business (docs/product-rules.md#toasts-and-errors), not the form's.
 */
export const serverFormErrors = (error: unknown, fieldNames: readonly string[]): ServerFormErrors => {
  const result: ServerFormErrors = { fields: [], form: [] };
  if (!(error instanceof ApiError)) return result;
  const onField = (name: string, message: string) => {
    if (!fieldNames.includes(name)) return false;
    if (!result.fields.some((field) => field.name === name)) result.fields.push({ name, message });
    return true;
  };
  if (error.statusCode === 400) {
    for (const issue of error.issues) if (!onField(issue.path, issue.message) && !result.form.includes(issue.message)) result.form.push(issue.message);
  }
  const codeField = error.serverCode ? FIELD_OF_CODE[error.serverCode] : undefined;
  if (codeField) onField(codeField, error.message);
  return result;
};
