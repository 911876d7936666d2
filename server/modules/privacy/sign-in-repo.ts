import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshSessions } from '../../db/schema';

/** When the sign-in (refresh family) `sid` of the user began: its first refresh token. */
export const signInStartedAt = async (db: DbOrTx, userId: number, sid: string): Promise<Date | null> => {
  const [row] = await db
    .select({ first: sql<string | Date | null>`min(${refreshSessions.createdAt})` })
    .from(refreshSessions)
    .where(and(eq(refreshSessions.familyId, sid), eq(refreshSessions.userId, userId)));
  return row?.first ? new Date(row.first) : null;
};
