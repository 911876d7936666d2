import type { ServerCode } from './contract';

/**
 * The one shape of a failed call, without what builds it (ky, zod, the contract's error schema in
 * errors.ts): the first load's code (query cache, toasts, form errors) only needs to recognise it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Message (docs/product-rules.md#toasts-and-errors) when the server gave no answer at all. */
export const NO_RESPONSE_MESSAGE = 'Error in server , try again later';

export type FieldIssue = { path: string; message: string };

/** Every failed call ends up as this one shape, whatever went wrong underneath. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly serverCode: ServerCode | null;
  readonly issues: FieldIssue[];
  readonly method: HttpMethod | null;
  /** The server's `X-Request-Id` for this answer: shown with the error so a user can quote it. */
  readonly requestId: string | null;
  /** No answer came at all (no connection, the request was cut): a write may be sent again. */
  readonly noResponse: boolean;

  constructor(init: { message: string; statusCode: number; serverCode?: ServerCode | null; issues?: FieldIssue[]; method?: HttpMethod | null; requestId?: string | null; noResponse?: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.statusCode = init.statusCode;
    this.serverCode = init.serverCode ?? null;
    this.issues = init.issues ?? [];
    this.method = init.method ?? null;
    this.requestId = init.requestId ?? null;
    this.noResponse = init.noResponse ?? false;
  }
}

export type NormalisedError = { message: string; statusCode: number; serverCode: ServerCode | null };

export const toNormalised = (error: ApiError): NormalisedError => ({
  message: error.message,
  statusCode: error.statusCode,
  serverCode: error.serverCode,
});

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
