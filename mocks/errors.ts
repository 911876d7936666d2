import type { ErrorBody } from '@/contract/common';
import { AppError, conflict } from '@/domain/errors';

/**
 * The mocks throw the very same errors as the server (@/domain/errors is pure: no Node APIs),
 * so statuses, serverCodes and messages cannot drift. `mockRoute` turns them into the error body.
 */
export {
  AppError,
  badRequest,
  conflict,
  editWindowClosed,
  forbidden,
  futureDate,
  notFound,
  quarterNotStarted,
  unauthorized,
} from '@/domain/errors';

/** The server's modules/auth/service.ts refusal of an address another account has (sign-up, profile, invitations). */
export const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');

/** Same text as the server's error plugin for anything unexpected. */
export const SERVER_ERROR_MESSAGE = 'Error in server , try again later';

export const internalError = () => new AppError(500, 'INTERNAL_ERROR', SERVER_ERROR_MESSAGE);

export const errorBodyOf = (error: AppError): ErrorBody => ({
  statusCode: error.statusCode,
  message: error.message,
  serverCode: error.serverCode,
});

/** The 400 body of a failed validation, formatted exactly like the API's plugins/errors.ts. */
export const validationBody = (issues: { path: string; message: string }[]): ErrorBody => {
  const first = issues[0];
  return {
    statusCode: 400,
    serverCode: 'VALIDATION_FAILED',
    message: first
      ? issues.length === 1
        ? first.message
        : `${first.message} (and ${issues.length - 1} more)`
      : 'The request is not valid',
    issues,
  };
};

/**
 * fastify-type-provider-zod reports `instancePath: '/' + issue.path.join('/')` and the error
 * plugin turns that into `a.b` (or `request` for the root); this is the same mapping.
 */
export const issuePath = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'request';
