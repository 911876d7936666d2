import type { ServerCode } from '@/contract/common';

/** Thrown by services; the error plugin turns it into `{ statusCode, message, serverCode }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly serverCode: ServerCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ServerCode = 'VALIDATION_FAILED') => new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue', code: ServerCode = 'UNAUTHENTICATED') => new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do that', code: ServerCode = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: ServerCode = 'CONFLICT') => new AppError(409, code, message);
export const editWindowClosed = () =>
  new AppError(403, 'EDIT_WINDOW_CLOSED', 'This date can no longer be changed: only the current competition year (and the previous one until 14 April) can be edited');
export const futureDate = () => new AppError(400, 'FUTURE_DATE', 'Dates in the future cannot be logged');
export const quarterNotStarted = (quarter: string) =>
  new AppError(409, 'QUARTER_NOT_STARTED', `${quarter} has not started yet: a quarterly bonus can only be awarded once its quarter has begun`);
