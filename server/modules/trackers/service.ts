import { writeForUser } from '../../db/user-write-lock';
import { audit, subjectOf } from '../audit/repo';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiType } from '@/contract/trackers';
import { competitionYearOf, competitionYearRange, currentCompetitionYear, isEditableDay, PREVIOUS_YEAR_GRACE_LAST_DAY, toIsoDay } from '@/domain/competition';
import type { AppDeps } from '../../deps';
import { consumeRateLimit } from '../../http/rate-limit';
import { badRequest } from '@/domain/errors';
import type { TrackerActivity, TrackerClient } from '../../trackers/trackers';
import { recomputeUserYear } from '../scoring/recompute';
import { syncRateLimit, trackerError, trackerNotConfigured } from '@/domain/tracker-errors';
import * as repo from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'trackers' | 'config'>;

/** Tokens this close to expiry are refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;
/** Each sync looks a few days behind the last one: activities are often uploaded late (dedup keeps it exact). */
const SYNC_OVERLAP_MS = 3 * 24 * 60 * 60 * 1000;

const sourceOf = { STRAVA: 'strava', FITBIT: 'fitbit' } as const;

/** The first day that can still be written: the current competition year, or the previous one during 1-14 April. */
const firstEditableDay = (now: Date) => {
  const current = currentCompetitionYear(now);
  const day = toIsoDay(now);
  const inGrace = day.slice(5, 7) === '04' && Number(day.slice(8, 10)) <= PREVIOUS_YEAR_GRACE_LAST_DAY;
  return new Date(`${competitionYearRange(inGrace ? current - 1 : current).start}T00:00:00Z`);
};

export const syncStart = (lastSyncedAt: Date | null, now: Date) => {
  const floor = firstEditableDay(now);
  if (!lastSyncedAt) return floor;
  const behind = new Date(lastSyncedAt.getTime() - SYNC_OVERLAP_MS);
  return behind > floor ? behind : floor;
};

/** Runs a provider call; its failure becomes a readable 502 (details go to the log only). */
const atProvider = async <T>(service: ApiType, log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    log.warn({ err: error, service }, 'tracker provider call failed');
    throw trackerError(service);
  }
};

const importable = (activity: TrackerActivity, now: Date) => activity.movingTimeMinutes >= 1 && isEditableDay(toIsoDay(activity.startAt), now);

export const trackerService = ({ db, clock, trackers, config }: Deps) => {
  const key = config.tokenEncryptionKey;
  const clientFor = (service: ApiType): TrackerClient => {
    const client = trackers[service];
    if (!client) throw trackerNotConfigured(service);
    return client;
  };

  return {
    apis: (userId: number) => repo.connectedServices(db, userId),

    connect: async (userId: number, service: ApiType, input: { code: string; codeVerifier?: string }, log: FastifyBaseLogger) => {
      const client = clientFor(service);
      if (service === 'FITBIT' && !input.codeVerifier) throw badRequest('The Fitbit connection could not be verified. Please start connecting Fitbit again');
      const tokens = await atProvider(service, log, () => client.exchangeCode(input.code, input.codeVerifier));
      await db.transaction(async (tx) => {
        await repo.upsertConnection(tx, userId, service, tokens, clock.now(), key);
        await audit(tx, { at: clock.now(), actor: { id: userId, role: 'user' }, action: 'tracker.connect', subject: await subjectOf(tx, userId), after: { service } });
      });
      return repo.connectedServices(db, userId);
    },

    /** Forgets the tokens here first (that is what the user asked), then withdraws them at the provider, best effort. */
    disconnect: async (userId: number, service: ApiType, log: FastifyBaseLogger) => {
      const removed = await db.transaction(async (tx) => {
        const row = await repo.deleteConnection(tx, userId, service, key);
        if (row) await audit(tx, { at: clock.now(), actor: { id: userId, role: 'user' }, action: 'tracker.disconnect', subject: await subjectOf(tx, userId), before: { service } });
        return row;
      });
      const client = trackers[service];
      if (removed?.accessToken && client) {
        await client.revoke(removed.accessToken).catch((error: unknown) => log.warn({ err: error, service }, 'revoking tracker access failed'));
      }
      return repo.connectedServices(db, userId);
    },

    /** Imports new activities of every connected service into editable days; returns how many were added. */
    sync: async (userId: number, log: FastifyBaseLogger) => {
      const now = clock.now();
      await consumeRateLimit(db, syncRateLimit, String(userId), now);
      const rows: repo.ImportRow[] = [];
      const synced: ApiType[] = [];
      for (const connection of await repo.connectionsOf(db, userId, key)) {
        const client = trackers[connection.service];
        if (!client) continue; // the service was unconfigured since: nothing to ask
        // Tokens sealed with another key (TOKEN_ENCRYPTION_KEY changed) cannot be used: connect again.
        if (connection.accessToken === null) throw trackerError(connection.service);
        let accessToken = connection.accessToken;
        if (connection.expiresAt && connection.expiresAt.getTime() - REFRESH_MARGIN_MS <= now.getTime()) {
          const refreshToken = connection.refreshToken;
          if (!refreshToken) throw trackerError(connection.service);
          const tokens = await atProvider(connection.service, log, () => client.refresh(refreshToken));
          // Stored at once: providers rotate refresh tokens, the old one is already spent.
          await repo.updateTokens(db, userId, connection.service, tokens, key);
          accessToken = tokens.accessToken;
        }
        const found = await atProvider(connection.service, log, () => client.listActivities(accessToken, syncStart(connection.lastSyncedAt, now)));
        for (const activity of found.filter((candidate) => importable(candidate, now))) {
          rows.push({
            userId,
            source: sourceOf[connection.service],
            externalId: activity.externalId,
            name: activity.name,
            movingTime: activity.movingTimeMinutes,
            startAt: activity.startAt,
            startDate: toIsoDay(activity.startAt),
          });
        }
        synced.push(connection.service);
      }
      const days = await writeForUser(db, userId, async (tx) => {
        const inserted = await repo.insertImports(tx, rows);
        for (const service of synced) await repo.markSynced(tx, userId, service, now);
        for (const year of new Set(inserted.map(competitionYearOf))) await recomputeUserYear(tx, userId, year, config.scoring);
        return inserted;
      });
      return { imported: days.length };
    },
  };
};
