import type { z } from 'zod';
import type { Endpoint } from '@/contract/common';

declare const forEndpoint: unique symbol;

/**
 * A response body the database already wrote as the endpoint's JSON (a hot read path): route()
 * sends the text as it is, skipping Node's parse, schema check and stringify. Its shape is held to
 * the contract by the server tests and the contract suite, which parse it with the response schema.
 */
export class PreSerialized<E extends Endpoint> {
  declare readonly [forEndpoint]: E['response'] extends z.ZodType ? z.input<E['response']> : never;
  constructor(readonly json: string) {}
}
