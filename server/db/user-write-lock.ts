import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';
import { rawStatement } from './raw-statement';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const lockStatement = rawStatement('user_write_lock', sql`select user_write_lock(${sql.placeholder('userId')}::int)`);
/**
 * Serialises the writes of one employee (docs/product-rules.md#writes): rescoring reads the user's
 * other rows, so two concurrent writers for one user could each miss the other's row on
 * PostgreSQL. The lock (user_write_lock, server/db/functions/scoring.sql) is held until the
 * transaction ends; writers for different users never wait for each other.
 */
export const lockUserWrites = async (tx: DbOrTx, userId: number) => {
  await lockStatement(tx, { userId });
};

/**
 * A transaction that holds the user's write lock from its first statement: for writes that read
 * before they write (an edit checks the stored row, an import plans from the stored rows).
 */
export const writeForUser = <T>(db: Db, userId: number, work: (tx: Tx) => Promise<T>) =>
  db.transaction(async (tx) => {
    await lockUserWrites(tx, userId);
    return work(tx);
  });

/**
 * A transaction for a write that only inserts a new row (an activity, an event participation):
 * the rescoring at its end takes the user's write lock before it reads the user's rows
 * (rescore_user_months), which keeps the standings exact with one round trip less. Not for
 * deletes, edits or upserts: a row they lock before the user's lock can be the row a holder of
 * that lock waits for (a deadlock).
 */
export const blindWriteForUser = <T>(db: Db, work: (tx: Tx) => Promise<T>) => db.transaction(work);
