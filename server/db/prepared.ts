import type { DbOrTx } from './client';

/**
 * A prepared statement per database handle, built on first use: hot read paths skip PostgreSQL's
 * planning on every call, and tests that open several databases each get their own statement.
 */
export const preparedPerDb = <T>(prepare: (db: DbOrTx) => T) => {
  const statements = new WeakMap<object, T>();
  return (db: DbOrTx): T => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
};
