import { type SQL, and, between, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { ApiType } from '@/contract/trackers';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { activities, oauthStates, providerBudgets, trackerConnections, trackerDuplicates, trackerFailures } from '../../db/schema';
import type { ProviderTokens } from '../../trackers/providers/types';
import { openToken, sealToken } from './token-seal';
import { repoOf } from '../../db/repo-of';
import type { Source } from './source';

export type ConnectionRow = typeof trackerConnections.$inferSelect;
export { sourceOf, type Source } from './source';

/** A stored connection with its tokens opened; null tokens when they cannot be opened (another key). */
export type Connection = Omit<ConnectionRow, 'accessToken' | 'refreshToken'> & { accessToken: string | null; refreshToken: string | null };

const opened = (key: string, row: ConnectionRow): Connection => {
  const open = (stored: string | null) => {
    if (stored === null) return null;
    try {
      return openToken(key, stored);
    } catch {
      return null;
    }
  };
  return { ...row, accessToken: open(row.accessToken), refreshToken: open(row.refreshToken) };
};

const ofUser = (userId: number, service: ApiType) => and(eq(trackerConnections.userId, userId), eq(trackerConnections.service, service));

export const connectionsOf = async (db: DbOrTx, userId: number, key: string): Promise<Connection[]> => {
  const rows = await db.select().from(trackerConnections).where(eq(trackerConnections.userId, userId)).orderBy(trackerConnections.service);
  return rows.map((row) => opened(key, row));
};

/** Whether the user is still connected to the service (no token read). */
export const hasConnection = async (db: DbOrTx, userId: number, service: ApiType) =>
  (await db.select({ userId: trackerConnections.userId }).from(trackerConnections).where(ofUser(userId, service)).limit(1)).length > 0;

export const findConnection = async (db: DbOrTx, userId: number, service: ApiType, key: string): Promise<Connection | null> => {
  const [row] = await db.select().from(trackerConnections).where(ofUser(userId, service));
  return row ? opened(key, row) : null;
};

/** The connection row locked until the transaction ends: refreshes of one grant never run in parallel. */
export const lockConnection = async (tx: DbOrTx, userId: number, service: ApiType, key: string): Promise<Connection | null> => {
  const [row] = await tx.select().from(trackerConnections).where(ofUser(userId, service)).for('update');
  return row ? opened(key, row) : null;
};

/** The employee behind a provider's athlete id (Strava webhooks name the owner only). */
export const findByExternalUser = async (db: DbOrTx, service: ApiType, externalUserId: string, key: string): Promise<Connection[]> => {
  const rows = await db
    .select()
    .from(trackerConnections)
    .where(and(eq(trackerConnections.service, service), eq(trackerConnections.externalUserId, externalUserId)));
  return rows.map((row) => opened(key, row));
};

/** Connecting again replaces the tokens (a new authorisation), clears "reconnect needed" and keeps the sync position. */
export const upsertConnection = (
  db: DbOrTx,
  userId: number,
  service: ApiType,
  tokens: ProviderTokens,
  grantedScope: string | null,
  now: Date,
  key: string,
) => {
  const accessToken = sealToken(key, tokens.accessToken);
  const refreshToken = tokens.refreshToken === null ? null : sealToken(key, tokens.refreshToken);
  const values = {
    accessToken,
    refreshToken,
    expiresAt: tokens.expiresAt,
    externalUserId: tokens.externalUserId,
    grantedScope,
    status: 'connected' as const,
    lastResult: null,
    lastAttemptOk: null,
  };
  return db
    .insert(trackerConnections)
    .values({ userId, service, ...values, connectedAt: now })
    .onConflictDoUpdate({ target: [trackerConnections.userId, trackerConnections.service], set: { ...values, connectedAt: now } });
};

/** Stores refreshed tokens; a refresh answer without a refresh token keeps the stored one (Google). */
export const updateTokens = (db: DbOrTx, userId: number, service: ApiType, tokens: ProviderTokens, key: string) =>
  db
    .update(trackerConnections)
    .set({
      accessToken: sealToken(key, tokens.accessToken),
      refreshToken: tokens.refreshToken ? sealToken(key, tokens.refreshToken) : undefined,
      expiresAt: tokens.expiresAt,
    })
    .where(ofUser(userId, service));

/** The outcome of a sync attempt: `syncedAt` moves the import position only on success. */
export const recordAttempt = (
  db: DbOrTx,
  userId: number,
  service: ApiType,
  outcome: { at: Date; result: string; syncedAt?: Date; fullSyncedAt?: Date; reconnectNeeded?: boolean; resumeAfter?: Date | null },
) =>
  db
    .update(trackerConnections)
    .set({
      lastAttemptAt: outcome.at,
      lastResult: outcome.result,
      lastAttemptOk: outcome.syncedAt !== undefined,
      ...(outcome.syncedAt ? { lastSyncedAt: outcome.syncedAt } : {}),
      ...(outcome.fullSyncedAt ? { lastFullSyncAt: outcome.fullSyncedAt } : {}),
      ...(outcome.reconnectNeeded ? { status: 'reconnect_needed' as const } : {}),
      ...(outcome.resumeAfter !== undefined ? { resumeAfter: outcome.resumeAfter } : {}),
    })
    .where(ofUser(userId, service));

/** The next sync reads from `from` (`resume_after`), or from an earlier point already stored there. */
export const readAgainFrom = async (db: DbOrTx, userId: number, service: ApiType, from: Date) => {
  const at = from.toISOString();
  await db
    .update(trackerConnections)
    .set({ resumeAfter: sql`least(coalesce(${trackerConnections.resumeAfter}, ${at}::timestamptz), ${at}::timestamptz)` })
    .where(ofUser(userId, service));
};

/** Reads the provider from the start of the editable window again at the next sync. */
export const resetSyncPosition = (db: DbOrTx, userId: number, service: ApiType) =>
  db.update(trackerConnections).set({ lastSyncedAt: null }).where(ofUser(userId, service));

/** Deletes the connection; returns it (for revoking at the provider) or null. */
export const deleteConnection = async (db: DbOrTx, userId: number, service: ApiType, key: string): Promise<Connection | null> => {
  const [row] = await db.delete(trackerConnections).where(ofUser(userId, service)).returning();
  return row ? opened(key, row) : null;
};

// OAuth round trips -------------------------------------------------------------------------------

export const insertOauthState = (db: DbOrTx, row: typeof oauthStates.$inferInsert) => db.insert(oauthStates).values(row);

/** Marks the state used and returns it, in one statement: a second use finds it already used. */
export const takeOauthState = async (db: DbOrTx, state: string, now: Date) => {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.state, state), sql`${oauthStates.usedAt} is null`))
    .returning();
  return row ?? null;
};

export const oauthStateExists = async (db: DbOrTx, state: string) =>
  (await db.select({ state: oauthStates.state }).from(oauthStates).where(eq(oauthStates.state, state))).length > 0;

/** States older than a day are of no use to anyone. */
export const purgeOauthStates = (db: DbOrTx, before: Date) =>
  db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < ${before.toISOString()}`);

// Imported activities ------------------------------------------------------------------------------

export type ImportedRow = {
  id: number;
  externalId: string;
  name: string;
  movingTime: number;
  startAt: Date;
  startDate: string;
  isPrivate: boolean;
  externalUpdatedAt: Date | null;
};

const importedColumns = {
  id: activities.id,
  externalId: sql<string>`${activities.externalId}`,
  name: activities.name,
  movingTime: activities.movingTime,
  startAt: activities.startAt,
  startDate: activities.startDate,
  isPrivate: activities.isPrivate,
  externalUpdatedAt: activities.externalUpdatedAt,
};

/** The user's rows already imported from `source` with these external ids. */
export const importedByExternalId = async (db: DbOrTx, userId: number, source: Source, externalIds: string[]): Promise<ImportedRow[]> => {
  if (externalIds.length === 0) return [];
  return db
    .select(importedColumns)
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.source, source), inArray(activities.externalId, externalIds)));
};

/** The user's rows imported from `source` that start at or after `from` (the window a complete listing covered). */
export const importedSince = (db: DbOrTx, userId: number, source: Source, from: Date): Promise<ImportedRow[]> =>
  db
    .select(importedColumns)
    .from(activities)
    .where(
      and(eq(activities.userId, userId), eq(activities.source, source), isNotNull(activities.externalId), gte(activities.startAt, from)),
    );

/**
 * Rows imported from the user's other sources that start within [from, to] (duplicate candidates);
 * with `sameSourceExcept`, also the source's own rows under other ids than these (two apps pushing one workout).
 */
export const otherProviderRows = (db: DbOrTx, userId: number, source: Source, from: Date, to: Date, sameSourceExcept?: string[]) =>
  db
    .select({
      id: activities.id,
      startAt: activities.startAt,
      movingTime: activities.movingTime,
      source: sql<Source>`${activities.source}`,
    })
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        sameSourceExcept?.length
          ? or(ne(activities.source, source), notInArray(activities.externalId, sameSourceExcept))
          : ne(activities.source, source),
        ne(activities.source, 'manual'),
        isNotNull(activities.externalId),
        between(activities.startAt, from, to),
      ),
    );

/** External ids of `source` already recorded as duplicates of another row, with that row's source. */
export const knownDuplicates = async (db: DbOrTx, userId: number, source: Source, externalIds: string[]): Promise<Map<string, Source>> => {
  if (externalIds.length === 0) return new Map();
  // Only while the kept activity exists: once it is gone, the other provider's record may come in.
  const rows = await db
    .select({ externalId: trackerDuplicates.externalId, keptSource: sql<Source>`${activities.source}` })
    .from(trackerDuplicates)
    .innerJoin(activities, eq(activities.id, trackerDuplicates.activityId))
    .where(
      and(eq(trackerDuplicates.userId, userId), eq(trackerDuplicates.source, source), inArray(trackerDuplicates.externalId, externalIds)),
    );
  return new Map(rows.map((row) => [row.externalId, row.keptSource]));
};

export const recordDuplicates = async (db: DbOrTx, rows: { userId: number; source: Source; externalId: string; activityId: number }[]) => {
  if (rows.length > 0) await db.insert(trackerDuplicates).values(rows).onConflictDoNothing();
};

export type NewImport = {
  userId: number;
  source: Source;
  externalId: string;
  name: string;
  movingTime: number;
  startAt: Date;
  startDate: string;
  isPrivate: boolean;
  externalUpdatedAt: Date | null;
};

/** Inserts new imports (a row imported meanwhile by a parallel sync is skipped). */
export const insertImports = async (db: DbOrTx, rows: NewImport[]) => {
  if (rows.length === 0) return [];
  return db
    .insert(activities)
    .values(rows)
    .onConflictDoNothing({
      target: [activities.userId, activities.source, activities.externalId],
      where: sql`${activities.externalId} is not null`,
    })
    .returning({ id: activities.id, startDate: activities.startDate });
};

export const updateImport = (
  db: DbOrTx,
  id: number,
  row: Pick<NewImport, 'name' | 'movingTime' | 'startAt' | 'startDate' | 'isPrivate' | 'externalUpdatedAt'>,
  now: Date,
) =>
  db
    .update(activities)
    .set({ ...row, updatedAt: now })
    .where(eq(activities.id, id));

/** A record of the other provider that was kept only as a second source of a row now deleted: it counts again. */
export type OrphanedTwin = { source: Source; startAt: Date };

/** Deletes imported rows; returns the other provider's records that were their second sources. */
export const deleteImports = async (db: DbOrTx, ids: number[]): Promise<OrphanedTwin[]> => {
  if (ids.length === 0) return [];
  const rows = await db.delete(activities).where(inArray(activities.id, ids)).returning({ id: activities.id, startAt: activities.startAt });
  const twins = await db
    .delete(trackerDuplicates)
    .where(inArray(trackerDuplicates.activityId, ids))
    .returning({ source: trackerDuplicates.source, activityId: trackerDuplicates.activityId });
  const startOf = new Map(rows.map((row) => [row.id, row.startAt]));
  return twins.flatMap((twin) => {
    const startAt = startOf.get(twin.activityId);
    return startAt ? [{ source: twin.source, startAt }] : [];
  });
};

/** Deletes every activity the user imported from `source`; returns their days (for rescoring) and how many of the other provider's twins lost their kept row. */
export const deleteAllImports = async (db: DbOrTx, userId: number, source: Source): Promise<{ days: string[]; orphanedTwins: number }> => {
  const rows = await db
    .delete(activities)
    .where(and(eq(activities.userId, userId), eq(activities.source, source)))
    .returning({ id: activities.id, startDate: activities.startDate });
  // This provider's own duplicate records, and the other provider's records that pointed at its rows.
  await db.delete(trackerDuplicates).where(and(eq(trackerDuplicates.userId, userId), eq(trackerDuplicates.source, source)));
  const orphaned =
    rows.length > 0
      ? await db
          .delete(trackerDuplicates)
          .where(
            inArray(
              trackerDuplicates.activityId,
              rows.map((row) => row.id),
            ),
          )
          .returning({ externalId: trackerDuplicates.externalId })
      : [];
  return { days: rows.map((row) => row.startDate), orphanedTwins: orphaned.length };
};

// The app-wide provider budget -----------------------------------------------------------------------

export type BudgetWindow = '15min' | 'day';

export const budgetRows = (db: DbOrTx, provider: string) => db.select().from(providerBudgets).where(eq(providerBudgets.provider, provider));

/** Stores what the provider reported for a window (its usage is the truth: every process's calls count). */
export const saveBudget = (db: DbOrTx, row: { provider: string; window: BudgetWindow; windowStart: Date; limit: number; used: number }) =>
  db
    .insert(providerBudgets)
    .values(row)
    .onConflictDoUpdate({
      target: [providerBudgets.provider, providerBudgets.window],
      set: { windowStart: row.windowStart, limit: row.limit, used: row.used },
    });

/** Counts one call against a window we have numbers for (between two answers of other processes). */
export const countBudgetCall = async (db: DbOrTx, provider: string) => {
  await db.execute(sql`update ${providerBudgets} set used = used + 1 where provider = ${provider}`);
};

/** A webhook event arrived for this connection: the safety net can leave it alone for a while. */
export const markEvent = (db: DbOrTx, userId: number, service: ApiType, at: Date) =>
  db.update(trackerConnections).set({ lastEventAt: at }).where(ofUser(userId, service));

/** Working connections with no event, no sync and no connecting since `quietBefore`, least recently synced first. */
export const quietConnections = async (db: Db, service: ApiType, quietBefore: Date) => {
  const result = await db.execute(sql`
    select user_id from ${trackerConnections}
    where service = ${service} and status = 'connected'
      and greatest(coalesce(last_event_at, '-infinity'::timestamptz), coalesce(last_synced_at, '-infinity'::timestamptz), created_at) <= ${quietBefore.toISOString()}
    order by last_synced_at nulls first, user_id`);
  return rowsOf<{ user_id: number }>(result).map((row) => Number(row.user_id));
};

/** Users with a working connection, for the periodic safety-net sync. */
export const connectedUsers = async (db: Db, service: ApiType) => {
  const result = await db.execute(
    sql`select user_id from ${trackerConnections} where service = ${service} and status = 'connected' order by user_id`,
  );
  return rowsOf<{ user_id: number }>(result).map((row) => Number(row.user_id));
};

// Failures and the provider's state ----------------------------------------------------------------

export const recordFailure = async (db: DbOrTx, row: typeof trackerFailures.$inferInsert) => {
  await db.insert(trackerFailures).values(row);
};

const ATHLETE_LIMIT = 'athlete_limit';
/** The athlete cap is looked at again after a day (the operator may have been granted more meanwhile). */
const ATHLETE_LIMIT_HOLDS_MS = 86_400_000;

/** The operator fault the provider is paused for: the latest one no working call has resolved since. Null when the provider works. */
export const providerNeedsAdministrator = async (db: DbOrTx, service: ApiType): Promise<{ reason: string; at: Date } | null> => {
  const [row] = await db
    .select({ reason: trackerFailures.reason, at: trackerFailures.at })
    .from(trackerFailures)
    // The athlete cap stops new athletes only: the connected ones keep syncing.
    .where(
      and(
        eq(trackerFailures.service, service),
        eq(trackerFailures.operator, true),
        isNull(trackerFailures.resolvedAt),
        ne(trackerFailures.reason, ATHLETE_LIMIT),
      ),
    )
    .orderBy(desc(trackerFailures.at))
    .limit(1);
  return row ?? null;
};

/** Since when the provider refuses new athletes (its athlete cap, seen in the last day and not resolved since), else null. */
export const athleteLimitSince = async (db: DbOrTx, service: ApiType, now: Date): Promise<Date | null> => {
  const [row] = await db
    .select({ at: trackerFailures.at })
    .from(trackerFailures)
    .where(
      and(
        eq(trackerFailures.service, service),
        eq(trackerFailures.reason, ATHLETE_LIMIT),
        isNull(trackerFailures.resolvedAt),
        gte(trackerFailures.at, new Date(now.getTime() - ATHLETE_LIMIT_HOLDS_MS)),
      ),
    )
    .orderBy(desc(trackerFailures.at))
    .limit(1);
  return row?.at ?? null;
};

/** What the administrator must fix first: the pausing fault, else the athlete cap. */
export const openOperatorFault = async (db: DbOrTx, service: ApiType, now: Date): Promise<{ reason: string; at: Date } | null> => {
  const paused = await providerNeedsAdministrator(db, service);
  if (paused) return paused;
  const since = await athleteLimitSince(db, service, now);
  return since ? { reason: ATHLETE_LIMIT, at: since } : null;
};

/** Marks the service's open failures recorded until `at` that `which` picks as resolved then. */
const resolveOpenFailures = async (db: DbOrTx, service: ApiType, at: Date, which: SQL | undefined) => {
  await db
    .update(trackerFailures)
    .set({ resolvedAt: at })
    .where(and(eq(trackerFailures.service, service), isNull(trackerFailures.resolvedAt), lte(trackerFailures.at, at), which));
};

/** A new athlete connected, or one left: the cap no longer holds. */
export const resolveAthleteLimit = (db: DbOrTx, service: ApiType, at: Date) =>
  resolveOpenFailures(db, service, at, eq(trackerFailures.reason, ATHLETE_LIMIT));

/**
 * A call to the provider worked at `at`: the operator faults recorded until then are resolved (the
 * administrator fixed the set-up). A fault recorded later, by a call that failed meanwhile, stays.
 */
export const resolveOperatorFaults = (db: DbOrTx, service: ApiType, at: Date) =>
  resolveOpenFailures(db, service, at, and(eq(trackerFailures.operator, true), ne(trackerFailures.reason, ATHLETE_LIMIT)));

/** Per provider: connections by state, the last successful sync, and failures by reason since `since`. */
export const providerOverview = async (db: DbOrTx, service: ApiType, since: Date) => {
  const [connections] = rowsOf<{ connected: number; reconnect_needed: number; last_synced_at: string | Date | null }>(
    await db.execute(sql`
      select count(*) filter (where status = 'connected')::int as connected, count(*) filter (where status = 'reconnect_needed')::int as reconnect_needed,
        max(last_synced_at) as last_synced_at
      from ${trackerConnections} where service = ${service}`),
  );
  const failures = rowsOf<{ reason: string; operator: boolean; count: number }>(
    await db.execute(sql`
      select reason, bool_or(operator) as operator, count(*)::int as count from ${trackerFailures}
      where service = ${service} and at >= ${since.toISOString()}
      group by reason order by count(*) desc, reason`),
  );
  return {
    connected: Number(connections?.connected ?? 0),
    reconnectNeeded: Number(connections?.reconnect_needed ?? 0),
    lastSuccessfulSyncAt: connections?.last_synced_at ? new Date(connections.last_synced_at) : null,
    failures: failures.map((row) => ({ reason: row.reason, operator: row.operator, count: Number(row.count) })),
  };
};

/** The trackers module's queries on one handle (tokens sealed and opened with the key each call is given). */
export const trackersRepo = repoOf({
  connectionsOf,
  findConnection,
  hasConnection,
  lockConnection,
  findByExternalUser,
  upsertConnection,
  updateTokens,
  recordAttempt,
  resetSyncPosition,
  readAgainFrom,
  deleteConnection,
  insertOauthState,
  takeOauthState,
  oauthStateExists,
  purgeOauthStates,
  importedByExternalId,
  importedSince,
  otherProviderRows,
  knownDuplicates,
  recordDuplicates,
  insertImports,
  updateImport,
  deleteImports,
  deleteAllImports,
  budgetRows,
  saveBudget,
  countBudgetCall,
  connectedUsers,
  markEvent,
  quietConnections,
  recordFailure,
  providerNeedsAdministrator,
  athleteLimitSince,
  openOperatorFault,
  resolveAthleteLimit,
  resolveOperatorFaults,
  providerOverview,
});
