import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@/contract/common';
import { AppError } from '@/domain/errors';
import { ValidationError, summary } from '../http/validation-error';

const fieldLabel = (path: string) => path.replace(/^\//, '').replace(/\//g, '.') || 'request';

/** Disk full or read-only storage, from Node (ENOSPC, EROFS, PGlite's errno 51) or PostgreSQL (53100). */
const isStorageFull = (error: unknown): boolean => {
  const candidate = error as { code?: unknown; errno?: unknown; cause?: unknown } | null;
  if (!candidate) return false;
  if (candidate.code === 'ENOSPC' || candidate.code === 'EROFS' || candidate.code === '53100' || candidate.errno === 51) return true;
  return candidate.cause !== undefined && candidate.cause !== error && isStorageFull(candidate.cause);
};

/** Every failure leaves as `{ statusCode, message, serverCode }`; never a stack trace. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorBody;
    if (error instanceof AppError) {
      body = { statusCode: error.statusCode, message: error.message, serverCode: error.serverCode };
      if (error instanceof ValidationError) body.issues = error.issues;
      reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: fieldLabel(issue.instancePath),
        message: issue.message ?? 'Invalid value',
      }));
      body = { statusCode: 400, serverCode: 'VALIDATION_FAILED', message: summary(issues), issues };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match the contract');
      body = { statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      const messages: Record<string, string> = {
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
        FST_REQ_FILE_TOO_LARGE: 'The size of your photo is more than 1 MB',
      };
      body = {
        statusCode: error.statusCode,
        serverCode: error.statusCode === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED',
        message: messages[error.code] ?? (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON' : 'The request is not valid'),
      };
    } else if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full or read-only');
      body = { statusCode: 503, serverCode: 'INTERNAL_ERROR', message: 'The server cannot store anything right now (its disk is full); nothing was saved. Please try again later.' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' };
    }
    return reply.code(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = { statusCode: 404, serverCode: 'NOT_FOUND', message: `No endpoint ${request.method} ${request.url.split('?')[0]}` };
    return reply.code(404).send(body);
  });
};
