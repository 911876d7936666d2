import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshSessions } from '../../db/schema';

/**
 * PASSWORD_SIGNIN=false: every sign-in made with a password ends at start-up (refresh tokens
 * revoked, so their access tokens are refused within a second); single sign-on sessions go on.
 * Returns how many sign-ins ended. Rotation refuses such a session too (auth/sessions.ts).
 */
export const endPasswordSessions = async (db: DbOrTx, now: Date) => {
  const rows = await db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.signInMethod, 'password'), isNull(refreshSessions.revokedAt)))
    .returning({ familyId: refreshSessions.familyId });
  return new Set(rows.map((row) => row.familyId)).size;
};
