import { HTTPError, type NormalizedOptions } from 'ky';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, NO_RESPONSE_MESSAGE, normaliseError, normaliseErrorBody, toNormalised } from '../../src/api/errors';

const httpError = (status: number, body: unknown, contentType = 'application/json') => {
  const request = new Request('http://localhost/api/users');
  const response = new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': contentType } });
  return new HTTPError(response, request, {} as NormalizedOptions);
};

describe('normaliseError', () => {
  it('keeps message, statusCode and serverCode of a contract error body', async () => {
    const error = await normaliseError(httpError(404, { statusCode: 404, message: 'User not found', serverCode: 'NOT_FOUND' }), 'GET');
    expect(toNormalised(error)).toEqual({ message: 'User not found', statusCode: 404, serverCode: 'NOT_FOUND' });
    expect(error.method).toBe('GET');
  });

  it('keeps the field issues of a 400 for forms', async () => {
    const body = { statusCode: 400, message: 'Please check the form', serverCode: 'VALIDATION_FAILED', issues: [{ path: 'email', message: 'Email is invalid' }] };
    const error = await normaliseError(httpError(400, body), 'POST');
    expect(error.issues).toEqual([{ path: 'email', message: 'Email is invalid' }]);
    expect(error.serverCode).toBe('VALIDATION_FAILED');
  });

  it("gives 'Error in server , try again later' and 500 when there is no response", async () => {
    const error = await normaliseError(new TypeError('Failed to fetch'), 'POST');
    expect(toNormalised(error)).toEqual({ message: 'Error in server , try again later', statusCode: 500, serverCode: null });
    expect(NO_RESPONSE_MESSAGE).toBe('Error in server , try again later');
  });

  it('treats an aborted or unknown throw as no response', async () => {
    const error = await normaliseError(new DOMException('The operation was aborted', 'AbortError'));
    expect(error.statusCode).toBe(500);
    expect(error.message).toBe(NO_RESPONSE_MESSAGE);
  });

  it('uses the status and a generic message when the body is not the contract shape', async () => {
    const error = await normaliseError(httpError(502, '<html>Bad gateway</html>', 'text/html'), 'GET');
    expect(toNormalised(error)).toEqual({ message: 'Something went wrong', statusCode: 502, serverCode: null });
  });

  it('keeps a readable message from a body with an unknown serverCode', async () => {
    const error = await normaliseError(httpError(409, { statusCode: 409, message: 'Already exists', serverCode: 'SOMETHING_NEW' }), 'POST');
    expect(toNormalised(error)).toEqual({ message: 'Already exists', statusCode: 409, serverCode: null });
  });

  it('turns a response that breaks the contract into a server error', async () => {
    const result = z.object({ id: z.number() }).safeParse({ id: 'x' });
    const error = await normaliseError(result.error, 'GET');
    expect(toNormalised(error)).toEqual({ message: NO_RESPONSE_MESSAGE, statusCode: 500, serverCode: 'INTERNAL_ERROR' });
  });

  it('passes an ApiError through unchanged', async () => {
    const original = new ApiError({ message: 'Session expired', statusCode: 401, serverCode: 'TOKEN_EXPIRED' });
    expect(await normaliseError(original)).toBe(original);
  });
});

describe('normaliseErrorBody', () => {
  it('falls back to the HTTP status when the body has none', () => {
    expect(toNormalised(normaliseErrorBody(500, null))).toEqual({ message: 'Something went wrong', statusCode: 500, serverCode: null });
  });

  it('produces an Error subclass that callers can throw and catch', () => {
    const error = normaliseErrorBody(400, { statusCode: 400, message: 'Bad', serverCode: 'VALIDATION_FAILED' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Bad');
  });
});
