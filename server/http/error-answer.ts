import type { FastifyBaseLogger } from 'fastify';
import type { ErrorBody } from '@/contract/common';
import { AppError } from '@/domain/errors';
import type { HostAnswer } from './host';
import { ValidationError } from './validation-error';

const SERVER_ERROR_MESSAGE = 'Error in server , try again later';

/** What a host's request parser may refuse before any route runs; one message each, on both hosts. */
export const requestRefusals = {
  emptyJson: () => new AppError(400, 'VALIDATION_FAILED', 'The request body is empty'),
  invalidJson: () => new AppError(400, 'VALIDATION_FAILED', 'The request body is not valid JSON'),
  mediaType: () => new AppError(415, 'VALIDATION_FAILED', 'This content type is not accepted here'),
  tooLarge: () => new AppError(413, 'VALIDATION_FAILED', 'The request is too large'),
  invalid: (statusCode = 400) => new AppError(statusCode, statusCode === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED', 'The request is not valid'),
  invalidAddress: () => new AppError(400, 'VALIDATION_FAILED', 'The address is not valid'),
  addressTooLong: () => new AppError(414, 'VALIDATION_FAILED', 'The address is too long'),
};

export const noEndpoint = (method: string, path: string) => new AppError(404, 'NOT_FOUND', `No endpoint ${method} ${path}`);

/** Disk full or read-only storage, from Node (ENOSPC, EROFS, PGlite's errno 51) or PostgreSQL (53100). */
const isStorageFull = (error: unknown): boolean => {
  const candidate = error as { code?: unknown; errno?: unknown; cause?: unknown } | null;
  if (!candidate) return false;
  if (candidate.code === 'ENOSPC' || candidate.code === 'EROFS' || candidate.code === '53100' || candidate.errno === 51) return true;
  return candidate.cause !== undefined && candidate.cause !== error && isStorageFull(candidate.cause);
};

const answer = (body: ErrorBody, headers: Record<string, string> = {}): HostAnswer => ({
  status: body.statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: { kind: 'json', text: JSON.stringify(body) },
});

export const internalErrorAnswer = () => answer({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: SERVER_ERROR_MESSAGE });

/** Every failure leaves as `{ statusCode, message, serverCode }` (and its issues); never a stack trace. */
export const errorAnswer = (error: unknown, log: FastifyBaseLogger): HostAnswer => {
  if (error instanceof AppError) {
    const body: ErrorBody = { statusCode: error.statusCode, message: error.message, serverCode: error.serverCode };
    if (error instanceof ValidationError) body.issues = error.issues;
    return answer(body, error.headers);
  }
  if (isStorageFull(error)) {
    log.error({ err: error }, 'storage full or read-only');
    return answer({ statusCode: 503, serverCode: 'INTERNAL_ERROR', message: 'The server cannot store anything right now (its disk is full); nothing was saved. Please try again later.' });
  }
  log.error({ err: error }, 'unhandled error');
  return internalErrorAnswer();
};
