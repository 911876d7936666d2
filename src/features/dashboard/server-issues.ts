import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/errors';

/** A 400's field issues shown beside the fields they name (DESIGN 5); true when any was shown. */
export const showServerIssues = <T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) => {
  if (!(error instanceof ApiError) || error.statusCode !== 400) return false;
  let shown = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path);
    if (field) {
      setError(field, { type: 'server', message: issue.message });
      shown = true;
    }
  }
  return shown;
};
