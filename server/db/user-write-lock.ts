import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';

/** Namespace of the per-user advisory locks (the second key is the user id). */
const USER_WRITES = 74_201;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Serialises every write of one employee (docs/product-rules.md#writes): the read models (month views, scores, feed,
 * leaders) are kept by statement triggers that read the user's other rows, so two concurrent writers
 * for one user could each miss the other's row on PostgreSQL. The lock is held until the
 * transaction ends; writers for different users never wait for each other.
 */
export const lockUserWrites = async (tx: DbOrTx, userId: number) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_WRITES}::int, ${userId}::int)`);
};

/** A transaction that holds the user's write lock from its first statement. */
export const writeForUser = <T>(db: Db, userId: number, work: (tx: Tx) => Promise<T>) =>
  db.transaction(async (tx) => {
    await lockUserWrites(tx, userId);
    return work(tx);
  });
