import type { DbOrTx } from './handle';

/* eslint-disable @typescript-eslint/no-explicit-any -- the queries' own argument types are kept by Bound below. */
type Query = (db: any, ...args: any[]) => unknown;

/** A query with its database handle already given: `(db, a, b) => r` becomes `(a, b) => r`. */
type Bound<Q> = Q extends (db: any, ...args: infer A) => infer R ? (...args: A) => R : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

export type Repo<Q extends Record<string, Query>> = { readonly [K in keyof Q]: Bound<Q[K]> };

/**
 * A module's repo factory from its query functions (each takes the handle first): `xRepo(db)` or
 * `xRepo(tx)` returns the queries bound to that handle (docs/architecture.md#server-module-template).
 * The query functions stay plain functions, so their SQL reads (and merges) as it did. Build a repo
 * on the database once per service, and one per transaction for the writes inside it.
 */
export const repoOf =
  <Q extends Record<string, Query>>(queries: Q) =>
  (db: DbOrTx): Repo<Q> => {
    const bound: Record<string, unknown> = {};
    // bind, not a rest-args arrow: V8 calls a bound function without building an arguments array.
    for (const [name, query] of Object.entries(queries)) bound[name] = query.bind(undefined, db);
    return bound as Repo<Q>;
  };
