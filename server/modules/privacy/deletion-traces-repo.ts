import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { repoOf } from '../../db/repo-of';

/**
 * Queued, running or finished jobs whose payload names the person (a reset mail's `email`, or any
 * job added later that carries an address), in the deleting transaction: pg-boss keeps finished
 * jobs for days, so they would outlive the account otherwise.
 */
export const forgetJobsNaming = async (tx: DbOrTx, email: string) => {
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    const [row] = rowsOf<{ present: boolean }>(await tx.execute(sql`select to_regclass(${table}) is not null as present`));
    if (row?.present) await tx.execute(sql`delete from ${sql.raw(table)} where strpos(lower(data::text), lower(${email})) > 0`);
  }
};

export const deletionTracesRepo = repoOf({ forgetJobsNaming });
