import type { Logger } from '../../logger';
import type { ApiType, StravaEvent, TrackerStatus } from '@/contract/trackers';
import type { Clock } from '@/domain/clock';
import { competitionYearOf, competitionYearRange, currentCompetitionYear, PREVIOUS_YEAR_GRACE_LAST_DAY, toIsoDay } from '@/domain/competition';
import { syncRateLimit, trackerAthleteLimit, trackerError, trackerMessages, trackerNotConfigured, trackerPaused, trackerScopeMissing, trackerStateInvalid } from '@/domain/tracker-errors';
import { assertUnderRateLimit, consumeRateLimit } from '../../http/rate-limit';
import { randomToken, sha256Base64Url } from '../../http/tokens';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { writeForUser } from '../../db/user-write-lock';
import { auditRepo } from '../audit/repo';
import { scoringService } from '../scoring/service';
import { twinsReadFrom } from './import-plan';
import { importBatch } from './import-batch';
import { ProviderError } from '../../trackers/providers/provider-request';
import type { ProviderActivity, ProviderClient, TrackerProviders } from '../../trackers/providers/types';
import { trackersRepo, type Connection, type OrphanedTwin } from './repo';
import { STRAVA_SPORT_TYPES } from '../../trackers/providers/strava/sport-types';
import { backgroundMayRead, backgroundRetryAt, defaultStravaPacing, type BudgetNow } from '../../trackers/providers/strava/pacing';
import { serviceOf, sourceOf } from './source';
import { providerByApiType } from '@/contract/tracker-providers';
import { providerOf } from '../../trackers/registry';
import { noMetrics, type ServiceMetrics } from '../../metrics/service-metrics';
import { stravaInbox } from '../../trackers/providers/strava/inbox';
import { revokeRetries } from './revoke-retries';

/**
 * Work a tracker action starts that must not hold up its answer. Plain data in, so a job engine
 * can carry it: `tasks.ts` runs them after the response (in-process), a job queue as jobs.
 */
export type TrackerTasks = {
  /** Import from one provider for one user; `at`: not before then (a busy provider's window); `countsQuota`: 'Sync now' (counted once it worked). */
  sync: (userId: number, service: ApiType, options?: { at?: Date; countsQuota?: boolean; background?: boolean }) => Promise<void>;
  /** Apply the Strava events kept in the inbox, at `at` at the earliest. */
  stravaInbox: (at?: Date) => Promise<void>;
  /** Try the withdrawals at providers that failed, at `at`. */
  revokeLater: (at: Date) => Promise<void>;
};

type Deps = {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'tokenEncryptionKey' | 'appOrigin' | 'scoring'> & Partial<Pick<AppConfig, 'stravaPacing'>> & { athleteLimit?: Partial<Record<ApiType, number | null>> };
  trackers: TrackerProviders;
  tasks: TrackerTasks;
  metrics?: ServiceMetrics;
};

/** Tokens this close to expiry are refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;
/** Each sync looks back a few days behind the last one (late uploads; Strava's webhooks bring the rest). */
const SYNC_OVERLAP_MS = 3 * 24 * 60 * 60 * 1000;
/** An OAuth round trip must come back within 10 minutes. */
const STATE_TTL_MS = 10 * 60_000;

/** A provider's return page is `/<source>` (src/routes/_employee/<source>.tsx). */
const returnPath = (service: ApiType) => `/${providerByApiType(service).source}`;

/** The first day that can still be written: the current competition year, or the previous one during 1-14 April. */
const firstEditableDay = (now: Date) => {
  const current = currentCompetitionYear(now);
  const day = toIsoDay(now);
  const inGrace = day.slice(5, 7) === '04' && Number(day.slice(8, 10)) <= PREVIOUS_YEAR_GRACE_LAST_DAY;
  // A day early: a local day east of UTC starts before its UTC midnight.
  return new Date(Date.parse(`${competitionYearRange(inGrace ? current - 1 : current).start}T00:00:00Z`) - 86_400_000);
};

/**
 * Google edits and deletes workouts of any day, and its list is the truth for the window read: once a
 * day a Fitbit sync reads the whole editable window (docs/trackers.md "The safety net", with the
 * arithmetic), the other syncs from the last one minus the overlap.
 */
const FULL_WINDOW_EVERY_MS = 24 * 60 * 60 * 1000;
export const fullWindowDue = (lastFullSyncAt: Date | null, now: Date) => !lastFullSyncAt || now.getTime() - lastFullSyncAt.getTime() >= FULL_WINDOW_EVERY_MS;

/** Where an authoritative listing's window starts: the read's start, or no earlier than the days the provider lists (Polar: 30). */
const listedFrom = (listing: NonNullable<ReturnType<typeof providerOf>['capabilities']['authoritativeListing']>, since: Date, now: Date) => {
  if (listing.kind !== 'lastDays') return since;
  // A day less than the provider lists, so a clock difference never counts a listed workout as deleted.
  const floor = new Date(now.getTime() - (listing.days - 1) * 86_400_000);
  return floor > since ? floor : since;
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
  const { reconnectOn, forbiddenMessage } = providerOf(service).capabilities;
  switch (error.failure) {
    case 'operator':
      return { message: trackerMessages.paused(service), reconnectNeeded: false, retryAt: null };
    case 'unauthorized':
    case 'invalid_grant':
      return { message: trackerMessages.reconnect(service), reconnectNeeded: true, retryAt: null };
    case 'forbidden':
      return { message: forbiddenMessage ?? trackerMessages.reconnect(service), reconnectNeeded: reconnectOn.forbidden, retryAt: null };
    case 'gone':
      return { message: trackerMessages.gone(service), reconnectNeeded: reconnectOn.gone, retryAt: null };
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


export const trackersService = ({ db, clock, config, trackers, tasks, metrics = noMetrics }: Deps) => {
  const repo = trackersRepo(db);
  const scoring = scoringService();
  const key = config.tokenEncryptionKey;
  const redirectUri = (service: ApiType) => `${config.appOrigin}${returnPath(service)}`;
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
   * Applies provider records to the user's activities in one transaction (the one import path,
   * import-batch.ts); returns how many were added and removed. `window`: the listing read
   * everything since `from`, so rows it no longer lists were deleted at the provider (Google Health:
   * a deleted data point simply stops appearing).
   */
  const applyImports = async (userId: number, service: ApiType, activities: ProviderActivity[], now: Date, window?: { from: Date; stillListed: Set<string> }) => {
    const outcome = await writeForUser(db, userId, async (tx) => {
      // Disconnected while the provider was being read: the imports were removed (under this same
      // lock) and must not come back with nothing left to remove them.
      if (!(await trackersRepo(tx).hasConnection(userId, service))) return { added: 0, removed: 0, orphans: [] };
      const batch = await importBatch(tx, { userId, source: sourceOf[service], activities, now, window });
      // Scores follow through the scoring service, the same path as every other activity change.
      await scoring.rescoreDays(tx, userId, batch.days);
      return batch;
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
      // A source without a connection (a phone app) cannot be read again: its next push brings the record back.
      const service = serviceOf(source);
      if (!service) continue;
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

  const revokes = revokeRetries({ db, clock, trackers, key, later: (at) => tasks.revokeLater(at) });

  /** Withdraws access at the provider; an expired token is refreshed first. A failure is tried again until it works or the grant is dead. */
  const revokeAtProvider = async (connection: Connection, log: Logger) => {
    if (!trackers[connection.service] || connection.accessToken === null) {
      log.warn({ service: connection.service, userId: connection.userId }, 'tracker access not revoked at the provider: no client or no readable token');
      return;
    }
    await revokes.revoke(
      { service: connection.service, userId: connection.userId, externalUserId: connection.externalUserId, accessToken: connection.accessToken, refreshToken: connection.refreshToken, expiresAt: connection.expiresAt },
      log,
    );
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
  const syncService = async (userId: number, service: ApiType, log: Logger, options: { countsQuota?: boolean; background?: boolean } = {}): Promise<SyncOutcome> => {
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
    const { capabilities } = providerOf(service);
    if (capabilities.pacedBackground && options.background) {
      const budget = await stravaBudgetNow();
      if (!backgroundMayRead(budget, pacing, now.getTime())) {
        await tasks.sync(userId, service, { at: backgroundRetryAt(budget, pacing, now.getTime(), userId), background: true });
        return { service, imported: 0, requests: 0, problem: null };
      }
    }
    try {
      // After a page cap, Strava continues from where the last read stopped; Google's whole window once a day.
      const listing = capabilities.authoritativeListing;
      const wholeWindow = listing?.kind === 'wholeWindowDaily' && !connection.resumeAfter && fullWindowDue(connection.lastFullSyncAt, now);
      const since = connection.resumeAfter ?? (wholeWindow ? firstEditableDay(now) : syncStart(connection.lastSyncedAt, now));
      const list = await withAccess(userId, service, client, (token) => client.listActivities(token, since));
      for (const skipped of list.skipped) log.warn({ service, userId, externalId: skipped.externalId, reason: skipped.reason }, 'tracker record skipped: it cannot be read');
      // An authoritative listing (Google, Polar) is the truth for its window; Strava's lists can leave records out (its deletions come by webhook).
      const stillListed = new Set([...list.activities.map((activity) => activity.externalId), ...list.skipped.flatMap((skipped) => (skipped.externalId ? [skipped.externalId] : []))]);
      const window = listing && list.complete ? { from: listedFrom(listing, since, now), stillListed } : undefined;
      const { added: imported } = await applyImports(userId, service, list.activities, now, window);
      // One instant for both: the screen tells a failed attempt by a later attempt than sync.
      // A capped read moves only the cursor; the window is synced once its continuation reached the end.
      if (list.resumeAfter) {
        await repo.recordAttempt(userId, service, { at: now, result: trackerMessages.synced(imported), syncedAt: now, resumeAfter: list.resumeAfter });
        await tasks.sync(userId, service, { background: true });
      } else await repo.recordAttempt(userId, service, { at: now, result: trackerMessages.synced(imported), syncedAt: now, resumeAfter: null, ...(wholeWindow && list.complete ? { fullSyncedAt: now } : {}) });
      metrics.trackerSynced(service);
      // 'Sync now' counts against the employee's quota only once it worked.
      if (options.countsQuota) await consumeRateLimit(db, syncRateLimit, String(userId), now).catch(() => undefined);
      return { service, imported, requests: list.requests, problem: null };
    } catch (error) {
      const problem = describeFailure(service, error);
      log.warn({ err: error, service, userId }, 'tracker sync failed');
      await noteFailure(service, userId, error);
      metrics.trackerSyncFailed(service, failureReason(error));
      await repo.recordAttempt(userId, service, { at: clock.now(), result: problem.message, reconnectNeeded: problem.reconnectNeeded });
      // A busy provider: try again once its window has passed (what the message promises).
      if (problem.retryAt) await tasks.sync(userId, service, { at: problem.retryAt, countsQuota: options.countsQuota });
      return { service, imported: 0, requests: 0, problem };
    }
  };

  /** The user's own disconnect: the connection ends here, then access is withdrawn at the provider. */
  const disconnectOwn = async (userId: number, service: ApiType, log: Logger) => {
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
    // An athlete left: the provider's cap has room again.
    if (removed) await repo.resolveAthleteLimit(service, clock.now());
    // Workouts another provider also reported were kept from this one: the others bring them back.
    if (orphanedTwins > 0) {
      for (const other of await repo.connectionsOf(userId, key)) {
        if (other.service === service) continue;
        await repo.resetSyncPosition(userId, other.service);
        await tasks.sync(userId, other.service);
      }
    }
    return removed;
  };

  /**
   * Whether a new athlete would be refused: the provider refused one in the last day (nothing freed
   * a place since), or the known cap (STRAVA_ATHLETE_LIMIT) is reached; an athlete already
   * connected may always connect again.
   */
  const refusesNewAthletes = async (userId: number, service: ApiType) => {
    if (await repo.hasConnection(userId, service)) return false;
    if (await repo.athleteLimitSince(service, clock.now())) return true;
    const limit = config.athleteLimit?.[service] ?? null;
    if (!limit) return false;
    const overview = await repo.providerOverview(service, clock.now());
    if (overview.connected + overview.reconnectNeeded < limit) return false;
    await repo.recordFailure({ service, userId, reason: 'athlete_limit', operator: true, at: clock.now() });
    return true;
  };

  const inbox = stravaInbox({
    db,
    clock,
    client: () => trackers.STRAVA ?? null,
    connectionsOf: (ownerId) => repo.findByExternalUser('STRAVA', ownerId, key),
    withAccess: (userId, call) => withAccess(userId, 'STRAVA', clientFor('STRAVA'), call),
    applyActivity: async (userId, activity, now) => {
      await applyImports(userId, 'STRAVA', [activity], now);
    },
    removeActivity: (userId, externalId) => removeImport(userId, 'STRAVA', externalId),
    isImported: async (userId, externalId) => (await repo.importedByExternalId(userId, 'strava', [externalId])).length > 0,
    applyUpdateWithoutRead,
    endConnection: async (userId) => {
      await endConnection(userId, 'STRAVA', { system: 'strava-deauthorization' });
    },
    noteFailure: async (userId, error) => {
      const problem = describeFailure('STRAVA', error);
      await noteFailure('STRAVA', userId, error);
      await repo.recordAttempt(userId, 'STRAVA', { at: clock.now(), result: problem.message, reconnectNeeded: problem.reconnectNeeded });
      return { reconnectNeeded: problem.reconnectNeeded };
    },
    markEvent: (userId, at) => repo.markEvent(userId, 'STRAVA', at).then(() => undefined),
    syncInstead: (userId) => tasks.sync(userId, 'STRAVA', { background: true }),
    drainAt: (at) => tasks.stravaInbox(at),
  });

  const service = {
    status: statusOf,

    /** The provider's page, with a fresh `state` (and PKCE verifier) kept here for this user. */
    authorize: async (userId: number, service: ApiType) => {
      const client = clientFor(service);
      // Past Strava's athlete cap its page would only show an error: say so here, before the trip.
      if (await refusesNewAthletes(userId, service)) throw trackerAthleteLimit();
      const state = randomToken(24);
      const codeVerifier = client.usesPkce ? randomToken(48) : null;
      const now = clock.now();
      await repo.purgeOauthStates(new Date(now.getTime() - 24 * 60 * 60_000));
      await repo.insertOauthState({ state, userId, service, codeVerifier, expiresAt: new Date(now.getTime() + STATE_TTL_MS) });
      const codeChallenge = codeVerifier ? sha256Base64Url(codeVerifier) : null;
      return { url: client.authorizeUrl({ state, redirectUri: redirectUri(service), codeChallenge }) };
    },

    /** Exchanges the returned code, once the state proves this user started this round trip here. */
    connect: async (userId: number, service: ApiType, input: { code: string; state: string; scope?: string }, log: Logger) => {
      const client = clientFor(service);
      const now = clock.now();
      const pending = await repo.takeOauthState(input.state, now);
      if (!pending || pending.userId !== userId || pending.service !== service || pending.expiresAt <= now) throw trackerStateInvalid(service);
      // Strava says the granted scope on the return URL; refuse before spending the code.
      const scopeOnReturn = providerOf(service).capabilities.scopeReportedOn === 'returnUrl';
      if (scopeOnReturn && !client.scopeIsEnough(input.scope ?? null)) throw trackerScopeMissing(service);
      let tokens;
      try {
        tokens = await client.exchangeCode(input.code, redirectUri(service), pending.codeVerifier);
      } catch (error) {
        log.warn({ err: error, service }, 'tracker code exchange failed');
        if (error instanceof ProviderError && error.failure === 'operator') {
          await noteFailure(service, userId, error);
          throw error.operatorFault === 'athlete_limit' ? trackerAthleteLimit() : trackerPaused(service);
        }
        throw trackerError(service);
      }
      await repo.resolveOperatorFaults(service, clock.now());
      // A new athlete was accepted: there is room again.
      await repo.resolveAthleteLimit(service, clock.now());
      const scope = scopeOnReturn ? (input.scope ?? null) : tokens.scope;
      if (!scopeOnReturn && !client.scopeIsEnough(scope)) {
        await client
          .revoke({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, externalUserId: tokens.externalUserId })
          .catch((error: unknown) => log.warn({ err: error, service }, 'revoking an unusable grant failed'));
        throw trackerScopeMissing(service);
      }
      await db.transaction(async (tx) => {
        await trackersRepo(tx).upsertConnection(userId, service, tokens, scope, now, key);
        await auditRepo(tx).audit({ at: now, actor: { id: userId, role: 'user' }, action: 'tracker.connect', subject: await auditRepo(tx).subjectOf(userId), after: { service } });
      });
      // The backfill: the current competition year, imported while the employee looks around (paced at Strava);
      // from the last sync when the connection comes back, so what happened meanwhile is read.
      await tasks.sync(userId, service, { background: true });
      // Strava events that waited for this athlete to connect again (deletions included) are applied now.
      if (service === 'STRAVA' && tokens.externalUserId) await inbox.resume(tokens.externalUserId);
      return statusOf(userId);
    },

    /** Ends the connection here (the user asked), then withdraws access at the provider. */
    disconnect: async (userId: number, service: ApiType, log: Logger) => {
      await disconnectOwn(userId, service, log);
      return statusOf(userId);
    },

    /** Ends every connection of the user, as their own disconnect does (an account claimed by single sign-on). */
    disconnectAll: async (userId: number, log: Logger) => {
      for (const connection of await repo.connectionsOf(userId, key)) await disconnectOwn(userId, connection.service, log);
    },

    /** Before an employee is deleted: withdraw every grant at its provider (their rows go with the user). */
    revokeAllOf: async (userId: number, log: Logger) => {
      for (const connection of await repo.connectionsOf(userId, key)) await revokeAtProvider(connection, log);
    },

    syncService,

    /**
     * After an import without a connection (import-batch.ts in the caller's transaction): the other
     * providers' records that were kept only as second sources of rows it deleted count again.
     */
    recountTwins: readTwinsAgain,

    /** A background sync of one connection (a provider's webhook announced news; its listing brings it). */
    syncLater: (userId: number, service: ApiType) => tasks.sync(userId, service, { background: true }),

    /** Keeps a webhook event until it is applied (answered 200 once kept, applied after). */
    queueStravaEvent: (event: StravaEvent) => inbox.keep(event),

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

    /** Applies the Strava events that are due (a job: after each event's arrival, and every minute). */
    drainStravaInbox: (log: Logger) => inbox.drain(log),

    /** Tries again the withdrawals at providers that failed and are due. */
    retryRevokes: (log: Logger) => revokes.retryDue(log),

  };
  return service;
};

export type TrackerService = ReturnType<typeof trackersService>;

