import { eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/handle';
import { repoOf } from '../../db/repo-of';
import { trackerPendingRevokes } from '../../db/schema';

/** SQL of the withdrawals at providers that failed and wait for another try (revoke-retries.ts). */
const keep = (db: DbOrTx, row: typeof trackerPendingRevokes.$inferInsert) => db.insert(trackerPendingRevokes).values(row);
const due = (db: DbOrTx, now: Date) => db.select().from(trackerPendingRevokes).where(lte(trackerPendingRevokes.nextAttemptAt, now));
const remove = (db: DbOrTx, id: number) => db.delete(trackerPendingRevokes).where(eq(trackerPendingRevokes.id, id));

export const pendingRevokesRepo = repoOf({ keep, due, remove });
