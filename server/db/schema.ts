import { sql } from 'drizzle-orm';
import { eventsSortAt, stepsSortAt } from './feed-sort-at';
import type { ProviderApiType } from '@/contract/tracker-providers';
import type { ImportedSource } from '@/contract/imported-sources';
import { bigint, boolean, check, date, doublePrecision, type ExtraConfigColumn, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Provider columns hold names from the registry (src/api/contract/tracker-providers.ts): text with a
 * format check, not an enum, so a new provider needs no migration (0037).
 */
const serviceColumn = () => text('service').$type<ProviderApiType>().notNull();
const serviceFormat = (name: string, column: ExtraConfigColumn | { name: string }) => check(name, sql`${column} ~ '^[A-Z][A-Z0-9_]{0,31}$'`);
const sourceFormat = (name: string, column: ExtraConfigColumn | { name: string }, manual: boolean) =>
  check(name, manual ? sql`${column} = 'manual' or ${column} ~ '^[a-z][a-z0-9_]{0,31}$'` : sql`${column} ~ '^[a-z][a-z0-9_]{0,31}$'`);

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

type EmployeeOrderColumns = Record<'id' | 'role' | 'lastName' | 'firstName' | 'email' | 'gender' | 'levelOfCompetition', ExtraConfigColumn>;

/** users_order_<column>_<asc|desc>: partial (employees only) indexes in the admin table's orders. */
const employeeOrderIndexes = (table: EmployeeOrderColumns) => {
  const columns = { last_name: table.lastName, first_name: table.firstName, email: table.email, gender: table.gender, level: table.levelOfCompetition };
  return Object.entries(columns).flatMap(([name, column]) =>
    (['asc', 'desc'] as const).map((direction) =>
      index(`users_order_${name}_${direction}`)
        // DESC NULLS FIRST is what `order by x desc` asks for (the planner does not know NOT NULL makes them equal).
        .on(direction === 'asc' ? column.asc() : column.desc().nullsFirst(), ...[table.lastName, table.firstName].filter((tie) => tie !== column), table.id, ...(column === table.levelOfCompetition ? [] : [table.levelOfCompetition]))
        .where(sql`${table.role} = 'user'`),
    ),
  );
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: text('role', { enum: ['admin', 'user'] }).notNull().default('user'),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
    /** The level in force now; the history per competition year is in user_levels. */
    levelOfCompetition: text('level_of_competition', { enum: ['Beginner', 'Intermediate', 'Advanced', 'Elite'] }).notNull(),
    /** File name under DATA_DIR/uploads, served at /api/uploads/<name>. */
    profilePicture: text('profile_picture'),
    isPrivateActivity: boolean('is_private_activity').notNull().default(false),
    /** The words of names and e-mail folded (lower case, no accents: unaccent), each after a space, for the admin searches (db/search-text.ts). */
    searchText: text('search_text').generatedAlwaysAs(sql`search_text_of(first_name, last_name, email)`),
    /** Null until a self-made account opens its confirmation link; every other way in is confirmed at creation (docs/access.md). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    /** A new address the employee asked for, kept until its confirmation link is opened (docs/access.md#changing-the-e-mail-address); lower-case. */
    pendingEmail: text('pending_email'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_role_last_name_idx').on(table.role, table.lastName, table.firstName),
    // The admin table's orders (migration 0013): each sort column ascending and descending, then
    // last name, first name, id ascending, so a page (searched or not) is a walk of one index; the
    // level last (no effect on the order) lets a level filter read the index alone.
    ...employeeOrderIndexes(table),
    index('users_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // The admin overview's employee count (modules/insights): who joined before a year's end, read from the index alone.
    index('users_employees_created_idx').on(table.createdAt).where(sql`role = 'user'`),
    // The feed's privacy probe per entry (modules/feed): the few hidden people, so a visible owner is a miss in a small index.
    index('users_hidden_idx').on(table.id).where(sql`is_private_activity or email_confirmed_at is null`),
    // The team counts (modules/teams): the few people who are not among the leaderboard's (admins, unconfirmed addresses), left out by an anti-join.
    index('users_uncounted_idx').on(table.id).where(sql`role <> 'user' or email_confirmed_at is null`),
  ],
);

/** Level per competition year, so past leaderboards do not change when someone moves up. */
export const userLevels = pgTable(
  'user_levels',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    competitionYear: smallint('competition_year').notNull(),
    levelOfCompetition: text('level_of_competition', { enum: ['Beginner', 'Intermediate', 'Advanced', 'Elite'] }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.competitionYear] }), index('user_levels_year_level_idx').on(table.competitionYear, table.levelOfCompetition)],
);

/** One row per issued refresh token; rotation links a token to its successor within a family. */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when rotated; the successor is kept so a near-simultaneous second tab gets the same one. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    replacedBy: text('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** When the family's sign-in happened (copied on rotation): the absolute session lifetime counts from it. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** How the family signed in: 'password' sessions end when password sign-in is switched off. */
    signInMethod: text('sign_in_method', { enum: ['password', 'sso'] }).notNull().default('password'),
  },
  (table) => [uniqueIndex('refresh_sessions_token_hash_unique').on(table.tokenHash), index('refresh_sessions_family_idx').on(table.familyId), index('refresh_sessions_user_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash), index('password_reset_tokens_user_idx').on(table.userId)],
);

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    movingTime: integer('moving_time').notNull(),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** UTC calendar day of start_at, kept for indexed month and year queries. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    source: text('source').$type<'manual' | ImportedSource>().notNull().default('manual'),
    /** Id at the tracker, so a second sync does not import twice. */
    externalId: text('external_id'),
    /** Private at the provider (Strava `private` / `only_me`): never shown to anyone else. */
    isPrivate: boolean('is_private').notNull().default(false),
    /** The provider's last edit of the record (Google Health `updateTime`), so an unchanged record is not rewritten. */
    externalUpdatedAt: timestamp('external_updated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('activities_user_date_idx').on(table.userId, table.startDate),
    // (start_at, id): the feed's newest-first page of activities (modules/feed).
    index('activities_start_at_id_idx').on(table.startAt, table.id),
    uniqueIndex('activities_external_unique').on(table.userId, table.source, table.externalId).where(sql`${table.externalId} is not null`),
    sourceFormat('activities_source_format', table.source, true),
  ],
);

export const dailyStepAchievements = pgTable(
  'daily_step_achievements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  // The feed's order (db/feed-sort-at.ts): merged with activities (start_at, id), newest first.
  (table) => [
    uniqueIndex('daily_step_achievements_user_date_unique').on(table.userId, table.date),
    index('daily_step_achievements_created_idx').on(table.createdAt),
    index('daily_step_achievements_feed_idx').on(stepsSortAt(table.date), table.id),
  ],
);

export const eventParticipations = pgTable(
  'event_participations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isInTheTopThree: boolean('is_in_the_top_three').notNull().default(false),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  // The feed's order (db/feed-sort-at.ts): merged with activities (start_at, id), newest first.
  (table) => [
    index('event_participations_user_date_idx').on(table.userId, table.date),
    index('event_participations_created_idx').on(table.createdAt),
    index('event_participations_feed_idx').on(eventsSortAt(table.date), table.id),
  ],
);

export const quarterlyBonuses = pgTable(
  'quarterly_bonuses',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    competitionYear: smallint('competition_year').notNull(),
    firstQuarter: boolean('first_quarter').notNull().default(false),
    secondQuarter: boolean('second_quarter').notNull().default(false),
    thirdQuarter: boolean('third_quarter').notNull().default(false),
    fourthQuarter: boolean('fourth_quarter').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.competitionYear] })],
);

export const trackerConnections = pgTable(
  'tracker_connections',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    service: serviceColumn(),
    externalUserId: text('external_user_id'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    connectedAt: createdAt(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    /** `connected`, or `reconnect_needed` once the provider refused our tokens for good (the screen says so). */
    status: text('status', { enum: ['connected', 'reconnect_needed'] }).notNull().default('connected'),
    /** The scope the athlete granted, as the provider reported it. */
    grantedScope: text('granted_scope'),
    /** When the last sync attempt ended, and what it said (success or the plain-words failure). */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    lastResult: text('last_result'),
    /** Whether that last attempt worked (null before the first). */
    lastAttemptOk: boolean('last_attempt_ok'),
    /** Where the next list read starts instead: after a page cap stopped one (Strava lists oldest first with `after`), or at a workout whose kept row the other provider lost. */
    resumeAfter: timestamp('resume_after', { withTimezone: true, mode: 'date' }),
    /** When a webhook event for this connection last arrived: the safety-net sync skips connections that had one lately. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true, mode: 'date' }),
    /** When a sync last read the whole editable window (Google: edits and deletions of any day of the open year come from that read). */
    lastFullSyncAt: timestamp('last_full_sync_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.service] }),
    index('tracker_connections_external_idx').on(table.service, table.externalUserId),
    serviceFormat('tracker_connections_service_format', table.service),
  ],
);

/**
 * Strava webhook events, kept from their arrival until applied: a failed read waits and is tried
 * again (survives restarts), an event for a connection that needs reconnecting waits for it
 * (`parked`). Applied rows stay a few days (`done_at`) so a repeated event is recognised.
 */
export const stravaWebhookEvents = pgTable(
  'strava_webhook_events',
  {
    id: serial('id').primaryKey(),
    subscriptionId: text('subscription_id'),
    ownerId: text('owner_id').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    aspectType: text('aspect_type').notNull(),
    eventTime: bigint('event_time', { mode: 'number' }),
    updates: jsonb('updates').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before this time (a failed read's backoff, a spent budget window). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Waiting for its connection to work again (reconnect needed). */
    parked: boolean('parked').notNull().default(false),
    /** When applying it cost a read at Strava (reads per athlete are capped per 15-minute window). */
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // One row per event: Strava's retries and copies of an event are the same row (a copy naming another subscription is another row, dropped unread).
    uniqueIndex('strava_webhook_events_event_idx').on(table.ownerId, table.objectType, table.objectId, table.aspectType, table.eventTime, table.subscriptionId),
    index('strava_webhook_events_due_idx').on(table.nextAttemptAt).where(sql`done_at is null and not parked`),
    index('strava_webhook_events_owner_read_idx').on(table.ownerId, table.readAt),
  ],
);

/**
 * A withdrawal at the provider that failed when the connection ended here: tried again with
 * backoff until it works or the grant is known dead. Tokens sealed like the connection's.
 */
export const trackerPendingRevokes = pgTable('tracker_pending_revokes', {
  id: serial('id').primaryKey(),
  service: serviceColumn(),
  userId: integer('user_id'),
  /** The athlete's id at the provider, for providers whose withdrawal names it (Polar: DELETE /v3/users/{user-id}). */
  externalUserId: text('external_user_id'),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
}, (table) => [serviceFormat('tracker_pending_revokes_service_format', table.service)]);

/**
 * A provider's webhook as it answered its creation (Polar: the signature secret is returned only
 * then): one row per provider, the secret sealed like the tokens.
 */
export const trackerWebhooks = pgTable('tracker_webhooks', {
  service: text('service').$type<ProviderApiType>().primaryKey(),
  webhookId: text('webhook_id').notNull(),
  signatureSecret: text('signature_secret').notNull(),
  createdAt: createdAt(),
}, (table) => [serviceFormat('tracker_webhooks_service_format', table.service)]);

/** Each failed provider call of a sync or event, with its reason: the admin tracker panel counts the last 24 hours. */
export const trackerFailures = pgTable(
  'tracker_failures',
  {
    id: serial('id').primaryKey(),
    service: serviceColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A ProviderFailure, or the operator fault (api_not_enabled, invalid_client, redirect_uri_mismatch, app_suspended). */
    reason: text('reason').notNull(),
    /** Whether the app's own set-up is at fault (only the administrator can fix it). */
    operator: boolean('operator').notNull().default(false),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When a call to the provider worked again after this failure: an operator fault then no longer pauses the provider. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('tracker_failures_service_at_idx').on(table.service, table.at),
    // The few operator faults still pausing a provider: read by every status and sync, resolved by every working call.
    index('tracker_failures_open_operator_idx').on(table.service, table.at).where(sql`operator and resolved_at is null`),
    serviceFormat('tracker_failures_service_format', table.service),
  ],
);

/** An OAuth round trip in progress: `state` (and Google's PKCE verifier) bound to the user who started it; single use, 10 minutes. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  service: serviceColumn(),
  codeVerifier: text('code_verifier'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
}, (table) => [serviceFormat('oauth_states_service_format', table.service)]);

/** A workout reported by a second provider that matched one already imported: skipped, and kept as one more source of it. */
export const trackerDuplicates = pgTable(
  'tracker_duplicates',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<ImportedSource>().notNull(),
    externalId: text('external_id').notNull(),
    /** No foreign key: the read models let `activities` be truncated alone; a row whose activity is gone no longer counts. */
    activityId: integer('activity_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.source, table.externalId] }),
    index('tracker_duplicates_activity_idx').on(table.activityId),
    sourceFormat('tracker_duplicates_source_format', table.source, false),
  ],
);

/**
 * The app's request budget at a provider (every API process shares it): per window (`15min`,
 * `day`), the limit and usage the provider last reported in its rate-limit headers.
 */
export const providerBudgets = pgTable(
  'provider_budgets',
  {
    provider: text('provider').notNull(),
    window: text('window', { enum: ['15min', 'day'] }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    limit: integer('limit').notNull(),
    used: integer('used').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.window] })],
);

/**
 * Derived (docs/architecture.md#derived-state-and-its-keepers): points per user, competition year and calendar
 * month, written by rescore_user_year() (server/db/functions/scoring.sql) inside the writer's
 * transaction, so leaderboards and progress never scan activities.
 */
export const scoreMonths = pgTable(
  'score_months',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    competitionYear: smallint('competition_year').notNull(),
    /** Calendar month 1-12. */
    month: smallint('month').notNull(),
    points: integer('points').notNull().default(0),
    /** The month's activity minutes (uncapped), step achievements and event participations (migration 0013). */
    minutes: integer('minutes').notNull().default(0),
    steps: smallint('steps').notNull().default(0),
    events: smallint('events').notNull().default(0),
    /** Of `minutes`, those imported from Strava: shown to their athlete only, so the admin overview leaves them out (docs/product-rules.md#privacy). */
    stravaMinutes: integer('strava_minutes').notNull().default(0),
    /** The year's level and the user's role when scored (rescore_user_year), so insight_months can follow deletes. */
    levelOfCompetition: text('level_of_competition', { enum: ['Beginner', 'Intermediate', 'Advanced', 'Elite'] }),
    role: text('role', { enum: ['admin', 'user'] }),
    /**
     * Whether the user's address was confirmed when scored (rescore_user_months): like the
     * leaderboard, insight_months counts confirmed employees only (docs/product-rules.md#progress-charts-and-overview).
     */
    confirmed: boolean('confirmed').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.userId, table.competitionYear, table.month] })],
);

/**
 * Derived (docs/architecture.md#derived-state-and-its-keepers): per competition year, level and calendar month,
 * over the employees (role user) who scored that month: how many, their sums, and every
 * employee's points sorted ascending (rank and median of a month are one binary search / array
 * read). Kept by statement triggers on score_months (server/db/functions/insights.sql).
 */
export const insightMonths = pgTable(
  'insight_months',
  {
    competitionYear: smallint('competition_year').notNull(),
    levelOfCompetition: text('level_of_competition').notNull(),
    month: smallint('month').notNull(),
    employees: integer('employees').notNull(),
    points: integer('points').notNull(),
    minutes: integer('minutes').notNull(),
    steps: integer('steps').notNull(),
    events: integer('events').notNull(),
    sortedPoints: integer('sorted_points').array().notNull(),
    /** Of the employees, those active that month: own minutes (not Strava imports), steps or events; a bonus alone is not activity (the admin overview). */
    active: integer('active').notNull().default(0),
    /**
     * The median of sorted_points (the mean of the two middle ones for an even count), computed by
     * PostgreSQL when the row is written (migration 0023), so the progress read does not
     * decompress the array twice per month for it.
     */
    levelMedian: doublePrecision('level_median').generatedAlwaysAs(
      sql`case when employees > 0 then ((sorted_points[(employees + 1) / 2] + sorted_points[employees / 2 + 1]) / 2.0)::float8 else 0 end`,
    ),
  },
  (table) => [primaryKey({ columns: [table.competitionYear, table.levelOfCompetition, table.month] })],
);

/**
 * Derived (docs/architecture.md#derived-state-and-its-keepers): annual points per user and competition year, with
 * the last day that scored (tie-break) and the level competed in that year, written by
 * rescore_user_year() (server/db/functions/scoring.sql), so a top 10 per level is a 10-row index
 * range. Only users who have scored something in the year have a row.
 */
export const scoreYears = pgTable(
  'score_years',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    competitionYear: smallint('competition_year').notNull(),
    points: integer('points').notNull().default(0),
    lastScoredOn: date('last_scored_on', { mode: 'string' }),
    levelOfCompetition: text('level_of_competition', { enum: ['Beginner', 'Intermediate', 'Advanced', 'Elite'] }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.competitionYear] }),
    index('score_years_year_points_idx').on(table.competitionYear, table.points),
    index('score_years_year_level_points_idx').on(table.competitionYear, table.levelOfCompetition, table.points.desc(), table.lastScoredOn.asc().nullsLast(), table.userId),
  ],
);

/**
 * The scoring values in force from a competition year on (until a later row): the rows of each
 * year are scored with the values of the latest row at or before it. Written at start-up when the
 * configured values differ from those of the current year (server/modules/scoring/settings.ts).
 */
export const scoringRules = pgTable('scoring_rules', {
  fromYear: smallint('from_year').primaryKey(),
  pointsPerMinute: integer('points_per_minute').notNull(),
  dailySteps: integer('daily_steps').notNull(),
  event: integer('event').notNull(),
  eventTopThree: integer('event_top_three').notNull(),
  quarterlyBonus: integer('quarterly_bonus').notNull(),
  /** Null: no cap on counted activity minutes per user and day. */
  dailyMinutesCap: integer('daily_minutes_cap'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Checksums of the replaceable SQL files (server/db/functions/) last applied to this database. */
export const replaceableSqlApplied = pgTable('replaceable_sql_applied', {
  file: text('file').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The audit trail: every admin action and security event, written in the same transaction as the
 * change (who, when, what, before and after). No foreign keys: entries outlive the users they name
 * (the subject's name and e-mail are kept as a snapshot). A trigger refuses UPDATE and DELETE.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: integer('actor_id'),
    actorRole: text('actor_role'),
    /** The automatic part of the product that acted (contract `auditSystems`); null when a person did. */
    actorSystem: text('actor_system'),
    action: text('action').notNull(),
    subjectId: integer('subject_id'),
    subjectName: text('subject_name'),
    subjectEmail: text('subject_email'),
    before: text('before'),
    after: text('after'),
    address: text('address'),
  },
  (table) => [index('audit_events_at_idx').on(table.at, table.id), index('audit_events_subject_idx').on(table.subjectId, table.at), index('audit_events_action_idx').on(table.action, table.at)],
);

/**
 * Answers of creation requests by their `Idempotency-Key` (per caller), so a double submit or a
 * retried request creates one row and gets the first answer again. `status` is null while the
 * first request is still running. Rows older than a day are pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.keyHash] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

/** Fixed-window counters shared by every API process (nothing is kept per process). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

