import type { Logger } from '../../logger';
import type { ApiType } from '@/contract/trackers';
import type { Clock } from '@/domain/clock';
import type { Db } from '../../db/client';
import { pendingRevokesRepo } from './pending-revokes-repo';
import { ProviderError } from '../../trackers/providers/provider-request';
import type { TrackerProviders } from '../../trackers/providers/types';
import { openToken, sealToken } from './token-seal';

/** A withdrawal to try: the grant's tokens as they were when the connection ended. */
export type GrantToRevoke = { service: ApiType; userId: number | null; externalUserId?: string | null; accessToken: string; refreshToken: string | null; expiresAt: Date | null };

/** Tokens this close to expiry are refreshed before the withdrawal. */
const REFRESH_MARGIN_MS = 60_000;
/** A minute, then twice as long each time, at most six hours (with a quarter of jitter). */
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 6 * 3_600_000;
/** After this many tries (about ten days) the withdrawal is given up and logged as an error. */
const MOST_TRIES = 48;

const waitMs = (attempts: number) => Math.round(Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** attempts) * (0.75 + Math.random() / 4));

/** The provider says the grant no longer exists: nothing is left to withdraw. */
const grantIsDead = (error: unknown) => error instanceof ProviderError && (error.failure === 'unauthorized' || error.failure === 'invalid_grant');

/**
 * Withdraws access at the provider (an expired token is refreshed first). A withdrawal that fails
 * for a reason other than a dead grant is kept (tokens sealed) and tried again with backoff until
 * it works or the grant is known dead: the provider must not keep our access to a former employee.
 */
export const revokeRetries = ({ db, clock, trackers, key, later }: { db: Db; clock: Clock; trackers: TrackerProviders; key: string; later: (at: Date) => Promise<void> }) => {
  /** True when done (withdrawn, or nothing left to withdraw); false when it must be tried again. */
  const attempt = async (grant: GrantToRevoke, log: Logger) => {
    const client = trackers[grant.service];
    if (!client) return false;
    try {
      let tokens = { accessToken: grant.accessToken, refreshToken: grant.refreshToken, externalUserId: grant.externalUserId ?? null };
      if (grant.expiresAt && grant.expiresAt.getTime() - REFRESH_MARGIN_MS <= clock.now().getTime() && grant.refreshToken) {
        const refreshed = await client.refresh(grant.refreshToken);
        tokens = { ...tokens, accessToken: refreshed.accessToken, refreshToken: refreshed.refreshToken ?? grant.refreshToken };
      }
      await client.revoke(tokens);
      return true;
    } catch (error) {
      if (grantIsDead(error)) return true;
      log.warn({ err: error, service: grant.service, userId: grant.userId }, 'withdrawing tracker access at the provider failed; it is tried again');
      return false;
    }
  };

  const keep = async (grant: GrantToRevoke, attempts: number) => {
    const at = new Date(clock.now().getTime() + waitMs(attempts));
    await pendingRevokesRepo(db).keep({
      service: grant.service,
      userId: grant.userId,
      externalUserId: grant.externalUserId ?? null,
      accessToken: sealToken(key, grant.accessToken),
      refreshToken: grant.refreshToken === null ? null : sealToken(key, grant.refreshToken),
      expiresAt: grant.expiresAt,
      attempts,
      nextAttemptAt: at,
    });
    await later(at);
  };

  return {
    /** Withdraws now; a failure is kept for the retries. */
    revoke: async (grant: GrantToRevoke, log: Logger) => {
      if (!(await attempt(grant, log))) await keep(grant, 0);
    },

    /** Tries every withdrawal that is due (a job, and every few minutes on the schedule). */
    retryDue: async (log: Logger) => {
      const due = await pendingRevokesRepo(db).due(clock.now());
      for (const row of due) {
        await pendingRevokesRepo(db).remove(row.id);
        let grant: GrantToRevoke;
        try {
          grant = { service: row.service, userId: row.userId, externalUserId: row.externalUserId, accessToken: openToken(key, row.accessToken), refreshToken: row.refreshToken === null ? null : openToken(key, row.refreshToken), expiresAt: row.expiresAt };
        } catch {
          log.error({ service: row.service, userId: row.userId }, 'a withdrawal to retry was sealed with another TOKEN_ENCRYPTION_KEY: withdraw it by hand');
          continue;
        }
        const ok = await attempt(grant, log);
        if (ok) continue;
        if (row.attempts + 1 >= MOST_TRIES) log.error({ service: row.service, userId: row.userId }, 'withdrawing tracker access at the provider was given up after many tries: withdraw it by hand');
        else await keep(grant, row.attempts + 1);
      }
    },
  };
};
