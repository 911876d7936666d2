import type { CallOutput } from './call-api';
import { fillPath, type Endpoint } from './contract';
import { API_BASE } from './api-base';
import { ApiError, NO_RESPONSE_MESSAGE } from './api-error';
import { normaliseErrorBody } from './errors';
import { sessionBridge } from './session-bridge';

/** How far an upload is: bytes sent of the total. */
export type UploadProgress = { sent: number; total: number };

type Answer = { status: number; text: string; requestId: string | null };

/**
 * One multipart POST with upload progress. fetch reports no upload progress (a streamed request
 * body needs HTTP/2 in Chrome), so this one call goes through XMLHttpRequest; the rest is callApi's:
 * the bearer token, one shared refresh and retry on 401, the answer parsed with the contract and
 * every failure as an ApiError.
 */
export const uploadWithProgress = async <E extends Endpoint>(endpoint: E, form: FormData, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<CallOutput<E>> => {
  const url = `${API_BASE}${fillPath(endpoint.path)}`;
  const send = () =>
    new Promise<Answer>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(endpoint.method, url);
      const token = sessionBridge().accessToken();
      if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.upload.onprogress = (event) => onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : 0 });
      request.onload = () => resolve({ status: request.status, text: request.responseText, requestId: request.getResponseHeader('x-request-id') });
      request.onerror = () => reject(new ApiError({ message: NO_RESPONSE_MESSAGE, statusCode: 500, method: 'POST', noResponse: true }));
      request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      signal?.addEventListener('abort', () => request.abort(), { once: true });
      request.send(form);
    });
  let answer = await send();
  if (answer.status === 401 && !signal?.aborted && (await sessionBridge().refreshAfterUnauthorised())) answer = await send();
  let body: unknown = null;
  try {
    body = answer.text ? JSON.parse(answer.text) : null;
  } catch {
    body = null;
  }
  if (answer.status < 200 || answer.status >= 300) throw normaliseErrorBody(answer.status, body, 'POST', answer.requestId);
  if (!endpoint.response) return undefined as CallOutput<E>;
  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) throw new ApiError({ message: NO_RESPONSE_MESSAGE, statusCode: 500, serverCode: 'INTERNAL_ERROR', method: 'POST' });
  return parsed.data as CallOutput<E>;
};
