import { HTTPError } from 'ky';
import { ZodError } from 'zod';
import { ApiError, NO_RESPONSE_MESSAGE, type HttpMethod } from './api-error';
import { ErrorBody } from './contract';

export { ApiError, NO_RESPONSE_MESSAGE, isApiError, toNormalised, type FieldIssue, type HttpMethod, type NormalisedError } from './api-error';

/** Default error texts (docs/product-rules.md#toasts-and-errors) when the server sent no message: update and delete say it differently. */
const fallbackMessage = (method: HttpMethod | null) => (method === 'PUT' || method === 'DELETE' ? 'Something was wrong' : 'Something went wrong');

/** Reads an error body without trusting it: anything unexpected becomes a generic message. */
export const normaliseErrorBody = (statusCode: number, body: unknown, method: HttpMethod | null = null, requestId: string | null = null): ApiError => {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) {
    return new ApiError({ ...parsed.data, statusCode: parsed.data.statusCode || statusCode, method, requestId });
  }
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message ? body.message : fallbackMessage(method);
  return new ApiError({ message, statusCode, method, requestId });
};

const readBody = async (response: Response): Promise<unknown> => {
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
};

/** Turns anything thrown by a call (ky HTTPError, network failure, bad response) into an ApiError. */
export const normaliseError = async (error: unknown, method: HttpMethod | null = null): Promise<ApiError> => {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    return normaliseErrorBody(error.response.status, await readBody(error.response), method, error.response.headers.get('x-request-id'));
  }
  if (error instanceof ZodError) {
    // The server answered with a shape the contract does not know: treat it as a server fault.
    return new ApiError({ message: NO_RESPONSE_MESSAGE, statusCode: 500, serverCode: 'INTERNAL_ERROR', method });
  }
  // In a page the service worker serves, no answer may mean the connection is gone though the browser says otherwise (connection-check.ts).
  if (!(error instanceof DOMException && error.name === 'AbortError') && globalThis.navigator?.serviceWorker?.controller) {
    void import('./offline/connection-check').then((check) => check.checkConnection()).catch(() => undefined);
  }
  return new ApiError({ message: NO_RESPONSE_MESSAGE, statusCode: 500, method, noResponse: true });
};
