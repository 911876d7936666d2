import type { z } from 'zod';
import { AppError } from '@/domain/errors';

export type Issue = { path: string; message: string };

/** One sentence for a list of issues: the first, and how many more. */
export const summary = (issues: Issue[]) => {
  const first = issues[0];
  return first ? (issues.length === 1 ? first.message : `${first.message} (and ${issues.length - 1} more)`) : 'The request is not valid';
};

/** A 400 VALIDATION_FAILED with field issues, for input validated outside Fastify's schema step (multipart). */
export class ValidationError extends AppError {
  constructor(readonly issues: Issue[]) {
    super(400, 'VALIDATION_FAILED', summary(issues));
  }
}

export const zodValidationError = (error: z.ZodError) =>
  new ValidationError(error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || 'request', message: issue.message })));
