import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiType, TrackerStatus } from '@/contract/trackers';
import type { Clock } from '@/domain/clock';
import { competitionYearOf, competitionYearRange, currentCompetitionYear, PREVIOUS_YEAR_GRACE_LAST_DAY, toIsoDay } from '@/domain/competition';
import { syncRateLimit, trackerError, trackerMessages, trackerNotConfigured, trackerPaused, trackerScopeMissing, trackerStateInvalid } from '@/domain/tracker-errors';
import { assertUnderRateLimit, consumeRateLimit } from '../../http/rate-limit';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { writeForUser } from '../../db/user-write-lock';
import { auditRepo } from '../audit/repo';
import { scoringService } from '../scoring/service';
import { planImport, twinsReadFrom, twinWindow } from './import-plan';
import { ProviderError } from '../../trackers/providers/provider-request';
import type { ProviderActivity, ProviderClient, TrackerProviders } from '../../trackers/providers/types';
import { trackersRepo, type Connection, type OrphanedTwin } from './repo';
import { STRAVA_SPORT_TYPES } from '../../trackers/providers/strava-sport-types';
import { backgroundMayRead, backgroundRetryAt, defaultStravaPacing, type BudgetNow } from '@/domain/strava-pacing';
import { serviceOf, sourceOf } from './source';
import { trackerMetrics } from '../../metrics/shared-metrics';

/**
 * Work a tracker action starts that must not hold up its answer. Plain data in, so a job engine
 * can carry it: `tasks.ts` runs them after the response (in-process), a job queue as jobs.
 */
export type TrackerTasks = {
  /** Import from one provider for one user; `at`: not before then (a busy provider's window); `countsQuota`: 'Sync now' (counted once it worked). */
  sync: (userId: number, service: ApiType, options?: { at?: Date; countsQuota?: boolean; background?: boolean }) => Promise<void>;
  /** Apply one Strava webhook event, at `at` at the earliest. */
  stravaEvent: (event: StravaEvent, at?: Date) => Promise<void>;
};

type Deps = { db: Db; clock: Clock; config: Pick<AppConfig, 'tokenEncryptionKey' | 'appOrigin' | 'scoring'> & Partial<Pick<AppConfig, 'stravaPacing'>>; trackers: TrackerProviders; tasks: TrackerTasks };

/** Tokens this close to expiry are refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;
/** Each sync looks back a few days behind the last one (late uploads; Strava's webhooks bring the rest). */
const SYNC_OVERLAP_MS = 3 * 24 * 60 * 60 * 1000;
/** An OAuth round trip must come back within 10 minutes. */
const STATE_TTL_MS = 10 * 60_000;

const returnPath = { STRAVA: '/strava', FITBIT: '/fitbit' } as const;

/** The first day that can still be written: the current competition year, or the previous one during 1-14 April. */
const firstEditableDay = (now: Date) => {
  const current = currentCompetitionYear(now);
  const day = toIsoDay(now);
  const inGrace = day.slice(5, 7) === '04' && Number(day.slice(8, 10)) <= PREVIOUS_YEAR_GRACE_LAST_DAY;
  // A day early: a local day east of UTC starts before its UTC midnight.
  return new Date(Date.parse(`${competitionYearRange(inGrace ? current - 1 : current).start}T00:00:00Z`) - 86_400_000);
};

export const syncStart = (lastSyncedAt: Date | null, now: Date) => {
  const floor = firstEditableDay(now);
  if (!lastSyncedAt) return floor;
  const behind = new Date(lastSyncedAt.getTime() - SYNC_OVERLAP_MS);
  return behind > floor ? behind : floor;
};

/** A sync's failure in the employee's words, and whether only a new connection can fix it. */
export const describeFailure = (service: ApiType, error: unknown): { message: string; reconnectNeeded: boolean; retryAt: Date | null } => {
  if (!(error instanceof ProviderError)) return { message: trackerMessages.failed(service), reconnectNeeded: false, retryAt: null };
  switch (error.failure) {
    case 'operator':
      return { message: trackerMessages.paused(service), reconnectNeeded: false, retryAt: null };
    case 'unauthorized':
    case 'invalid_grant':
      return { message: trackerMessages.reconnect(service), reconnectNeeded: true, retryAt: null };
    case 'forbidden':
      return service === 'STRAVA'
        ? { message: trackerMessages.stravaForbidden, reconnectNeeded: false, retryAt: null }
        : { message: trackerMessages.googleForbidden, reconnectNeeded: true, retryAt: null };
    case 'gone':
      return { message: trackerMessages.gone(service), reconnectNeeded: service === 'FITBIT', retryAt: null };
    case 'rate_limited':
      return { message: trackerMessages.busy(service, error.retryAt), reconnectNeeded: false, retryAt: error.retryAt };
    default:
      return { message: trackerMessages.failed(service), reconnectNeeded: false, retryAt: null };
  }
};

/** Why a provider call failed, as the panel and /metrics name it: the operator fault, else the failure kind. */
const failureReason = (error: unknown) => (error instanceof ProviderError ? (error.operatorFault ?? error.failure) : 'failed');

export type SyncOutcome = { service: ApiType; imported: number; requests: number; problem: ReturnType<typeof describeFailure> | null };

/** Our activity types a Strava sport maps onto: a row named so did not show its Strava title. */
const STRAVA_ACTIVITY_TYPES = new Set(Object.values(STRAVA_SPORT_TYPES).filter((type): type is string => type !== null));

export type StravaEvent = { object_type?: unknown; object_id?: unknown; aspect_type?: unknown; owner_id?: unknown; updates?: unknown };

export const trackersService = ({ db, clock, config, trackers, tasks }: Deps) => {
  const repo = trackersRepo(db);
  const scoring = scoringService();
  const key = config.tokenEncryptionKey;
  const redirectUri = (service: ApiType) => `${config.appOrigin}${returnPath[service]}`;
  const clientFor = (service: ApiType): ProviderClient => {
    const client = trackers[service];
    if (!client) throw trackerNotConfigured(service);
    return client;
  };

  /** Keeps why a provider call failed, for the admin panel; an operator fault there pauses the provider for everyone. */
  const noteFailure = async (service: ApiType, userId: number | null, error: unknown) => {
    const failure = error instanceof ProviderError ? error.failure : 'failed';
    await repo.recordFailure({ service, userId, reason: failureReason(error), operator: failure === 'operator', at: clock.now() });
  };

  const statusOf = async (userId: number) => {
    const connections = await repo.connectionsOf(userId, key);
    const paused = new Set<ApiType>();
    for (const connection of connections) if (await repo.providerNeedsAdministrator(connection.service)) paused.add(connection.service);
    const services: TrackerStatus[] = connections.map((connection) => ({
      apiType: connection.service,
      state: !trackers[connection.service] ? 'unavailable' : paused.has(connection.service) && connection.status === 'connected' ? 'paused' : connection.status,
      lastSyncAt: connection.lastSyncedAt?.toISOString() ?? null,
      lastAttemptAt: connection.lastAttemptAt?.toISOString() ?? null,
      lastResult: connection.lastResult,
      lastAttemptOk: connection.lastAttemptOk,
    }));
    return { apis: connections.map((connection) => connection.service), services };
  };

  /**
   * A usable access token: the stored one, or a refreshed one. Refreshing happens with the
   * connection row locked (SELECT ... FOR UPDATE), so two syncs never both spend the rotating
   * refresh token: the second waits, then finds the fresh token the first stored.
   */
  const accessToken = async (userId: number, service: ApiType, client: ProviderClient, rejected: string | null): Promise<string> => {
    const now = clock.now().getTime();
    const current = await repo.findConnection(userId, service, key);
    if (!current) throw new ProviderError('unauthorized', 'the connection ended', null);
    const fresh = (connection: Connection) =>
      connection.accessToken !== null && connection.accessToken !== rejected && (!connection.expiresAt || connection.expiresAt.getTime() - REFRESH_MARGIN_MS > now);
    if (fresh(current)) return current.accessToken!;
    return db.transaction(async (tx) => {
      const locked = await trackersRepo(tx).lockConnection(userId, service, key);
      if (!locked) throw new ProviderError('unauthorized', 'the connection ended', null);
      if (fresh(locked)) return locked.accessToken!;
      if (!locked.refreshToken) throw new ProviderError('unauthorized', 'no refresh token to use', null);
      const tokens = await client.refresh(locked.refreshToken);
      await trackersRepo(tx).updateTokens(userId, service, tokens, key);
      await trackersRepo(tx).resolveOperatorFaults(service, clock.now());
      return tokens.accessToken;
    });
  };

  /**
   * Runs a provider call with a valid token: on 401, one refresh and one retry. A call that works
   * ends a pause for a set-up fault (so does a refresh, above): the administrator fixed it, and a
   * webhook read or a token refresh tells as well as a sync, which may be days away at Strava.
   */
  const withAccess = async <T>(userId: number, service: ApiType, client: ProviderClient, call: (token: string) => Promise<T>): Promise<T> => {
    const token = await accessToken(userId, service, client, null);
    let answer: T;
    try {
      answer = await call(token);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.failure !== 'unauthorized') throw error;
      answer = await call(await accessToken(userId, service, client, token));
    }
    await repo.resolveOperatorFaults(service, clock.now());
    return answer;
  };

  /**
   * Applies provider records to the user's activities in one transaction; returns how many were
   * added and removed. `window`: the listing read everything since `from`, so rows it no longer
   * lists were deleted at the provider (Google Health: a deleted data point simply stops appearing).
   */
  const applyImports = async (userId: number, service: ApiType, activities: ProviderActivity[], now: Date, window?: { from: Date; stillListed: Set<string> }) => {
    const source = sourceOf[service];
    const outcome = await writeForUser(db, userId, async (tx) => {
      // Disconnected while the provider was being read: the imports were removed (under this same
      // lock) and must not come back with nothing left to remove them.
      if (!(await trackersRepo(tx).hasConnection(userId, service))) return { added: 0, removed: 0, orphans: [] };
      const ids = activities.map((activity) => activity.externalId);
      const twins = twinWindow(activities);
      const plan = planImport(activities, {
        userId,
        source,
        now,
        existing: await trackersRepo(tx).importedByExternalId(userId, source, ids),
        knownDuplicates: await trackersRepo(tx).knownDuplicates(userId, source, ids),
        others: twins ? await trackersRepo(tx).otherProviderRows(userId, source, twins.from, twins.to) : [],
        window: window ? { rows: await trackersRepo(tx).importedSince(userId, source, window.from), stillListed: window.stillListed } : undefined,
      });
      const inserted = await trackersRepo(tx).insertImports(plan.inserts);
      for (const update of plan.updates) await trackersRepo(tx).updateImport(update.id, update.row, now);
      const orphans = await trackersRepo(tx).deleteImports(plan.deletes.map((row) => row.id));
      await trackersRepo(tx).recordDuplicates(plan.duplicates.map((row) => ({ userId, source, ...row })));
      // Scores follow through the scoring service, the same path as every other activity change.
      const days = [...inserted.map((row) => row.startDate), ...plan.updates.flatMap((row) => [row.oldDay, row.row.startDate]), ...plan.deletes.map((row) => row.day)];
      await scoring.rescoreDays(tx, userId, days);
      return { added: inserted.length, removed: plan.deletes.length, orphans };
    });
    await readTwinsAgain(userId, outcome.orphans);
    return outcome;
  };

  /**
   * Rows deleted here (gone at their provider) whose workout the other provider also reported: its
   * records were kept only as their second source and count again. Its next (background) sync reads
   * from their start, however long ago, so the workout stays on the calendar from the other source.
   */
  const readTwinsAgain = async (userId: number, orphans: OrphanedTwin[]) => {
    for (const source of new Set(orphans.map((orphan) => orphan.source))) {
      const service = serviceOf[source];
      const from = twinsReadFrom(orphans.filter((orphan) => orphan.source === source).map((orphan) => orphan.startAt));
      const connection = await repo.findConnection(userId, service, key);
      if (!connection) continue;
      // Only ever earlier than where that sync would start anyway (a backfill still to run reads more).
      if (from < (connection.resumeAfter ?? syncStart(connection.lastSyncedAt, clock.now()))) await repo.readAgainFrom(userId, service, from);
      await tasks.sync(userId, service, { background: true });
    }
  };

  /** Deletes what the user imported from a provider (its access ended) and rescores those years. */
  const removeImports = (userId: number, service: ApiType) =>
    writeForUser(db, userId, async (tx) => {
      const { days, orphanedTwins } = await trackersRepo(tx).deleteAllImports(userId, sourceOf[service]);
      for (const year of new Set(days.map(competitionYearOf))) await scoring.rescoreYear(tx, userId, year);
      return orphanedTwins;
    });

  /** Deletes one imported activity (gone at the provider) and rescores its month. */
  const removeImport = async (userId: number, service: ApiType, externalId: string) => {
    const orphans = await writeForUser(db, userId, async (tx) => {
      const rows = await trackersRepo(tx).importedByExternalId(userId, sourceOf[service], [externalId]);
      const twins = await trackersRepo(tx).deleteImports(rows.map((row) => row.id));
      await scoring.rescoreDays(tx, userId, rows.map((row) => row.startDate));
      return twins;
    });
    await readTwinsAgain(userId, orphans);
  };

  /**
   * A Strava update event whose `updates` decide the change by themselves ("Webhook Events API":
   * keys title, type, private): a new title of a workout shown by its type, or a privacy change, is
   * applied here without a read. A new sport is read (the record may have changed more), as is
   * anything else, or an update of a workout not imported yet.
   */
  const applyUpdateWithoutRead = async (userId: number, externalId: string, updates: unknown, now: Date) => {
    const changes = (updates ?? {}) as Record<string, unknown>;
    const keys = Object.keys(changes);
    if (keys.length === 0 || keys.some((key) => !['title', 'private'].includes(key))) return false;
    const [row] = await repo.importedByExternalId(userId, 'strava', [externalId]);
    if (!row) return false;
    if ('title' in changes && !STRAVA_ACTIVITY_TYPES.has(row.name)) return false;
    const isPrivate = 'private' in changes ? changes.private === true || changes.private === 'true' : row.isPrivate;
    const name = row.name;
    if (isPrivate === row.isPrivate) return true;
    await writeForUser(db, userId, async (tx) => {
      await trackersRepo(tx).updateImport(row.id, { name, isPrivate, movingTime: row.movingTime, startAt: row.startAt, startDate: row.startDate, externalUpdatedAt: row.externalUpdatedAt }, now);
      await scoring.rescoreYear(tx, userId, competitionYearOf(row.startDate));
    });
    return true;
  };

  /** Withdraws access at the provider; an expired token is refreshed first. Failures are logged, never hidden. */
  const revokeAtProvider = async (connection: Connection, log: FastifyBaseLogger) => {
    const client = trackers[connection.service];
    if (!client || connection.accessToken === null) {
      log.warn({ service: connection.service, userId: connection.userId }, 'tracker access not revoked at the provider: no client or no readable token');
      return;
    }
    try {
      let tokens = { accessToken: connection.accessToken, refreshToken: connection.refreshToken };
      if (connection.expiresAt && connection.expiresAt.getTime() - REFRESH_MARGIN_MS <= clock.now().getTime() && connection.refreshToken) {
        const refreshed = await client.refresh(connection.refreshToken);
        tokens = { accessToken: refreshed.accessToken, refreshToken: refreshed.refreshToken ?? connection.refreshToken };
      }
      await client.revoke(tokens);
    } catch (error) {
      log.error({ err: error, service: connection.service, userId: connection.userId }, 'revoking tracker access at the provider failed; the connection ended here anyway');
    }
  };

  /** Imports from one provider for one user (a job handler's unit of work). Never throws for a provider failure. */
  const pacing = config.stravaPacing ?? defaultStravaPacing;
  /** Strava's current windows as its last answers reported them (a window with no news has nothing spent). */
  const stravaBudgetNow = async (): Promise<BudgetNow> => {
    const now = clock.now().getTime();
    const rows = await repo.budgetRows('strava');
    const current = (window: '15min' | 'day', start: number) => {
      const row = rows.find((candidate) => candidate.window === window && candidate.windowStart.getTime() === start);
      return row ? { limit: row.limit, used: row.used } : null;
    };
    return { fifteenMinutes: current('15min', Math.floor(now / 900_000) * 900_000), day: current('day', Math.floor(now / 86_400_000) * 86_400_000) };
  };

  /**
   * Imports from one provider for one user (a job handler's unit of work). Never throws for a provider
   * failure. `background` (backfill, safety net): at Strava it waits while the budget is down to the
   * webhook reserve, and a page cap's continuation is queued as background work too.
   */
  const syncService = async (userId: number, service: ApiType, log: FastifyBaseLogger, options: { countsQuota?: boolean; background?: boolean } = {}): Promise<SyncOutcome> => {
    const now = clock.now();
    const connection = await repo.findConnection(userId, service, key);
    if (!connection) return { service, imported: 0, requests: 0, problem: null };
    const client = trackers[service];
    if (!client) return { service, imported: 0, requests: 0, problem: { message: trackerMessages.unavailable(service), reconnectNeeded: false, retryAt: null } };
    if (connection.status === 'reconnect_needed' || connection.accessToken === null) {
      const problem = { message: connection.lastResult ?? trackerMessages.reconnect(service), reconnectNeeded: true, retryAt: null };
      if (connection.status !== 'reconnect_needed') await repo.recordAttempt(userId, service, { at: now, result: problem.message, reconnectNeeded: true });
      return { service, imported: 0, requests: 0, problem };
    }
    if (service === 'STRAVA' && options.background) {
      const budget = await stravaBudgetNow();
      if (!backgroundMayRead(budget, pacing, now.getTime())) {
        await tasks.sync(userId, service, { at: backgroundRetryAt(budget, pacing, now.getTime(), userId), background: true });
        return { service, imported: 0, requests: 0, problem: null };
      }
    }
    try {
      // After a page cap, Strava continues from where the last read stopped.
      const since = connection.resumeAfter ?? syncStart(connection.lastSyncedAt, now);
      const list = await withAccess(userId, service, client, (token) => client.listActivities(token, since));
      for (const skipped of list.skipped) log.warn({ service, userId, externalId: skipped.externalId, reason: skipped.reason }, 'tracker record skipped: it cannot be read');
      // Google Health's list is the truth for its window; Strava's lists can leave records out (its deletions come by webhook).
      const stillListed = new Set([...list.activities.map((activity) => activity.externalId), ...list.skipped.flatMap((skipped) => (skipped.externalId ? [skipped.externalId] : []))]);
      const window = service === 'FITBIT' && list.complete ? { from: since, stillListed } : undefined;
      const { added: imported } = await applyImports(userId, service, list.activities, now, window);
      // One instant for both: the screen tells a failed attempt by a later attempt than sync.
      // A capped read moves only the cursor; the window is synced once its continuation reached the end.
      if (list.resumeAfter) {
        await repo.recordAttempt(userId, service, { at: now, result: trackerMessages.synced(imported), syncedAt: now, resumeAfter: list.resumeAfter });
        await tasks.sync(userId, service, { background: true });
      } else await repo.recordAttempt(userId, service, { at: now, result: trackerMessages.synced(imported), syncedAt: now, resumeAfter: null });
      trackerMetrics.synced(service);
      // 'Sync now' counts against the employee's quota only once it worked.
      if (options.countsQuota) await consumeRateLimit(db, syncRateLimit, String(userId), now).catch(() => undefined);
      return { service, imported, requests: list.requests, problem: null };
    } catch (error) {
      const problem = describeFailure(service, error);
      log.warn({ err: error, service, userId }, 'tracker sync failed');
      await noteFailure(service, userId, error);
      trackerMetrics.failed(service, failureReason(error));
      await repo.recordAttempt(userId, service, { at: clock.now(), result: problem.message, reconnectNeeded: problem.reconnectNeeded });
      // A busy provider: try again once its window has passed (what the message promises).
      if (problem.retryAt) await tasks.sync(userId, service, { at: problem.retryAt, countsQuota: options.countsQuota });
      return { service, imported: 0, requests: 0, problem };
    }
  };

  /** The user's own disconnect: the connection ends here, then access is withdrawn at the provider. */
  const disconnectOwn = async (userId: number, service: ApiType, log: FastifyBaseLogger) => {
    const removed = await endConnection(userId, service, { id: userId, role: 'user' });
    if (removed) await revokeAtProvider(removed, log);
  };

  /** Ends a connection here: forgets the tokens, deletes its imports (Strava's API agreement), audits. */
  const endConnection = async (userId: number, service: ApiType, actor: { id: number; role: 'user' | 'admin' } | { system: 'strava-deauthorization' }) => {
    const removed = await db.transaction(async (tx) => {
      const row = await trackersRepo(tx).deleteConnection(userId, service, key);
      if (row) await auditRepo(tx).audit({ at: clock.now(), actor, action: 'tracker.disconnect', subject: await auditRepo(tx).subjectOf(userId), before: { service } });
      return row;
    });
    const orphanedTwins = await removeImports(userId, service);
    // Workouts the other provider also reported were kept from this one: the other brings them back.
    const other: ApiType = service === 'STRAVA' ? 'FITBIT' : 'STRAVA';
    if (orphanedTwins > 0 && (await repo.findConnection(userId, other, key))) {
      await repo.resetSyncPosition(userId, other);
      await tasks.sync(userId, other);
    }
    return removed;
  };

  const service = {
    status: statusOf,

    /** The provider's page, with a fresh `state` (and PKCE verifier) kept here for this user. */
    authorize: async (userId: number, service: ApiType) => {
      const client = clientFor(service);
      const state = randomBytes(24).toString('base64url');
      const codeVerifier = client.usesPkce ? randomBytes(48).toString('base64url') : null;
      const now = clock.now();
      await repo.purgeOauthStates(new Date(now.getTime() - 24 * 60 * 60_000));
      await repo.insertOauthState({ state, userId, service, codeVerifier, expiresAt: new Date(now.getTime() + STATE_TTL_MS) });
      const codeChallenge = codeVerifier ? createHash('sha256').update(codeVerifier).digest('base64url') : null;
      return { url: client.authorizeUrl({ state, redirectUri: redirectUri(service), codeChallenge }) };
    },

    /** Exchanges the returned code, once the state proves this user started this round trip here. */
    connect: async (userId: number, service: ApiType, input: { code: string; state: string; scope?: string }, log: FastifyBaseLogger) => {
      const client = clientFor(service);
      const now = clock.now();
      const pending = await repo.takeOauthState(input.state, now);
      if (!pending || pending.userId !== userId || pending.service !== service || pending.expiresAt <= now) throw trackerStateInvalid(service);
      // Strava says the granted scope on the return URL; refuse before spending the code.
      if (service === 'STRAVA' && !client.scopeIsEnough(input.scope ?? null)) throw trackerScopeMissing(service);
      let tokens;
      try {
        tokens = await client.exchangeCode(input.code, redirectUri(service), pending.codeVerifier);
      } catch (error) {
        log.warn({ err: error, service }, 'tracker code exchange failed');
        if (error instanceof ProviderError && error.failure === 'operator') {
          await noteFailure(service, userId, error);
          throw trackerPaused(service);
        }
        throw trackerError(service);
      }
      await repo.resolveOperatorFaults(service, clock.now());
      const scope = service === 'STRAVA' ? (input.scope ?? null) : tokens.scope;
      if (service === 'FITBIT' && !client.scopeIsEnough(scope)) {
        await client.revoke({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }).catch((error: unknown) => log.warn({ err: error }, 'revoking an unusable Google grant failed'));
        throw trackerScopeMissing(service);
      }
      await db.transaction(async (tx) => {
        await trackersRepo(tx).upsertConnection(userId, service, tokens, scope, now, key);
        await auditRepo(tx).audit({ at: now, actor: { id: userId, role: 'user' }, action: 'tracker.connect', subject: await auditRepo(tx).subjectOf(userId), after: { service } });
      });
      // The backfill: the current competition year, imported while the employee looks around (paced at Strava).
      await tasks.sync(userId, service, { background: true });
      return statusOf(userId);
    },

    /** Ends the connection here (the user asked), then withdraws access at the provider. */
    disconnect: async (userId: number, service: ApiType, log: FastifyBaseLogger) => {
      await disconnectOwn(userId, service, log);
      return statusOf(userId);
    },

    /** Ends every connection of the user, as their own disconnect does (an account claimed by single sign-on). */
    disconnectAll: async (userId: number, log: FastifyBaseLogger) => {
      for (const connection of await repo.connectionsOf(userId, key)) await disconnectOwn(userId, connection.service, log);
    },

    /** Before an employee is deleted: withdraw every grant at its provider (their rows go with the user). */
    revokeAllOf: async (userId: number, log: FastifyBaseLogger) => {
      for (const connection of await repo.connectionsOf(userId, key)) await revokeAtProvider(connection, log);
    },

    syncService,

    /** Hands a webhook event to the background work (answered 200 at once, applied after). */
    queueStravaEvent: (event: StravaEvent) => tasks.stravaEvent(event),

    /**
     * 'Sync now': one import job per working service, each on its own. The quota (10 per
     * 15 minutes) is checked here and counted by the first job once its sync worked: a failed sync
     * does not use it up.
     */
    syncAll: async (userId: number) => {
      await assertUnderRateLimit(db, syncRateLimit, String(userId), clock.now());
      const queued: ApiType[] = [];
      const problems: { apiType: ApiType; message: string }[] = [];
      for (const connection of await repo.connectionsOf(userId, key)) {
        if (!trackers[connection.service]) problems.push({ apiType: connection.service, message: trackerMessages.unavailable(connection.service) });
        else if (connection.status === 'reconnect_needed' || connection.accessToken === null)
          problems.push({ apiType: connection.service, message: connection.lastResult ?? trackerMessages.reconnect(connection.service) });
        // The administrator has to fix the set-up first; the next call that works (a webhook read, a background sync) ends the pause.
        else if (await repo.providerNeedsAdministrator(connection.service)) problems.push({ apiType: connection.service, message: trackerMessages.paused(connection.service) });
        else {
          await tasks.sync(userId, connection.service, { countsQuota: queued.length === 0 });
          queued.push(connection.service);
        }
      }
      return { queued, problems };
    },

    /**
     * One Strava webhook event (create, update, delete, deauthorisation); unknown athletes are ignored.
     * Strava does not sign its events, so a destructive one is checked at Strava first: a "deleted"
     * activity must answer 404, a deauthorised athlete's refresh token must be refused.
     */
    applyStravaEvent: async (event: StravaEvent, log: FastifyBaseLogger) => {
      const owner = typeof event.owner_id === 'number' || typeof event.owner_id === 'string' ? String(event.owner_id) : null;
      const client = trackers.STRAVA;
      if (!owner || !client) return;
      for (const connection of await repo.findByExternalUser('STRAVA', owner, key)) {
        const userId = connection.userId;
        if (event.object_type === 'athlete') {
          const updates = (event.updates ?? {}) as Record<string, unknown>;
          if (updates.authorized !== 'false' && updates.authorized !== false) continue;
          const stillAuthorized = await accessToken(userId, 'STRAVA', client, connection.accessToken).then(
            () => true,
            (error: unknown) => !(error instanceof ProviderError && (error.failure === 'invalid_grant' || error.failure === 'unauthorized')),
          );
          // Nothing to revoke: the athlete withdrew our access at strava.com. End it here, data included.
          if (!stillAuthorized) await endConnection(userId, 'STRAVA', { system: 'strava-deauthorization' });
          else log.warn({ userId }, 'Strava deauthorisation event ignored: the grant still works');
          continue;
        }
        const activityId = typeof event.object_id === 'number' || typeof event.object_id === 'string' ? String(event.object_id) : null;
        if (event.object_type !== 'activity' || !activityId || connection.status !== 'connected' || !client.getActivity) continue;
        const now = clock.now();
        await repo.markEvent(userId, 'STRAVA', now);
        // A title, sport or privacy change needs no read when the event says it all (Strava's budget).
        if (event.aspect_type === 'update' && (await applyUpdateWithoutRead(userId, activityId, event.updates, now))) continue;
        try {
          const activity = await withAccess(userId, 'STRAVA', client, (token) => client.getActivity!(token, activityId));
          if (activity) await applyImports(userId, 'STRAVA', [activity], now);
          else await removeImport(userId, 'STRAVA', activityId);
        } catch (error) {
          const problem = describeFailure('STRAVA', error);
          log.warn({ err: error, userId, activityId }, 'Strava webhook event could not be applied');
          await noteFailure('STRAVA', userId, error);
          await repo.recordAttempt(userId, 'STRAVA', { at: clock.now(), result: problem.message, reconnectNeeded: problem.reconnectNeeded });
          // A busy provider: the same event again once its window has passed.
          if (problem.retryAt) await tasks.stravaEvent(event, problem.retryAt);
        }
      }
    },

  };
  return service;
};

export type TrackerService = ReturnType<typeof trackersService>;

