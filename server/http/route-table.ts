import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@/contract/common';
import type { CsvExport } from '@/domain/csv';
import type { FileDownload } from '@/domain/privacy';
import type { AuthUser } from './access-token';
import type { HostReply, HostRequest } from './host';
import type { ImportCaller } from './import-token';
import type { PreSerialized } from './pre-serialized';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export type RouteResult<E extends Endpoint> = E['produces'] extends 'csv'
  ? CsvExport
  : E['produces'] extends 'file'
    ? FileDownload
    : E['response'] extends z.ZodType
      ? z.input<E['response']>
      : void;

export type RouteInput<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The caller; null only on guest endpoints; on import endpoints the employee behind the import token. */
  user: E['auth'] extends 'guest' ? AuthUser | null : E['auth'] extends 'importToken' ? ImportCaller : AuthUser;
  request: HostRequest;
  reply: HostReply;
};

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<RouteResult<E> | PreSerialized<E>> | RouteResult<E> | PreSerialized<E>;

/** One contract endpoint and the code that answers it. */
export type RouteEntry = { endpoint: Endpoint; handler: RouteHandler<Endpoint> };

/**
 * Every endpoint of the API, host-independent: Fastify serves it in Node (server/http/fastify-host.ts)
 * and MSW in the browser's mock mode (mocks/api-host.ts). Modules add to it with `route(...)`.
 */
export type RouteTable = {
  readonly routes: RouteEntry[];
  /** The log of work that outlives a request (background jobs). */
  readonly log: FastifyBaseLogger;
};

export const routeTable = (log: FastifyBaseLogger): RouteTable => ({ routes: [], log });

/**
 * Adds one contract endpoint: same method and path everywhere; the contract's schemas validate the
 * request and encode the answer, the caller's role is checked before anything is read
 * (server/http/respond.ts). Multipart endpoints read their fields in the handler (http/multipart.ts).
 */
export const route = <E extends Endpoint>(table: RouteTable, endpoint: E, handler: RouteHandler<E>) => {
  table.routes.push({ endpoint, handler: handler as unknown as RouteHandler<Endpoint> });
};
