import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { unauthorized } from '@/domain/errors';
import type { AuthUser } from './access-token';

/** How long one answer is trusted: sign-out, reset, deletion and role changes reach every token within it. */
export const SESSION_CHECK_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

type Entry = { checkedAt: number; live: boolean };

const ended = () => unauthorized('Your session has ended, please sign in again', 'SESSION_REVOKED');

/**
 * An access token is only as alive as its sign-in: the user must still exist with the token's role
 * and the refresh family the token names (`sid`) must exist for that user and not be revoked. One
 * primary-key probe per session and second (a short per-process cache), so the hot reads stay fast
 * and several API processes agree within a second.
 */
export const sessionLiveness = (db: Db, now: () => number = Date.now) => {
  const cache = new Map<string, Entry>();

  const query = async (user: AuthUser) => {
    const result = await db.execute(sql`
      select 1 as live from users u
      where u.id = ${user.id} and u.role = ${user.role}
        and exists (
          select 1 from refresh_sessions s where s.family_id = ${user.sid} and s.user_id = u.id and s.revoked_at is null)`);
    return rowsOf(result).length === 1;
  };

  return async (user: AuthUser) => {
    // Only a sign-in can be alive: a token naming none never passes (verifyAccessToken refuses it first).
    if (!user.sid) throw ended();
    const key = `${user.id}:${user.role}:${user.sid}`;
    const at = now();
    const cached = cache.get(key);
    if (cached && at - cached.checkedAt < SESSION_CHECK_TTL_MS) {
      if (!cached.live) throw ended();
      return;
    }
    const live = await query(user);
    if (cache.size >= MAX_ENTRIES) cache.clear(); // bounded; a cleared cache only costs one probe each
    cache.set(key, { checkedAt: at, live });
    if (!live) throw ended();
  };
};

export type SessionLiveness = ReturnType<typeof sessionLiveness>;
