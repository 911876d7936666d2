import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '@/domain/errors';
import { errorAnswer, noEndpoint, requestRefusals } from '../http/error-answer';
import { sendAnswer } from '../http/fastify-host';
import { photoTooLarge } from '../http/multipart';

/** Fastify's own refusals while reading a request (bad JSON, body too large, wrong content type). */
const refusalOf = (error: FastifyError) => {
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return requestRefusals.emptyJson();
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return requestRefusals.mediaType();
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return requestRefusals.tooLarge();
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return photoTooLarge();
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return requestRefusals.invalidJson();
  return requestRefusals.invalid(error.statusCode);
};

/** Every failure leaves as `{ statusCode, message, serverCode }`; never a stack trace (server/http/error-answer.ts). */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fastifyRefusal = !(error instanceof AppError) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    return sendAnswer(reply, errorAnswer(fastifyRefusal ? refusalOf(error) : error, request.log));
  });

  app.setNotFoundHandler((request, reply) => sendAnswer(reply, errorAnswer(noEndpoint(request.method, request.url.split('?')[0]!), request.log)));
};
