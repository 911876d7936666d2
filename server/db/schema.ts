import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, type ExtraConfigColumn, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** Null until a self-made account opens its confirmation link; every other way in is confirmed at creation (docs/access.md). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }).defaultNow(),
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
    source: text('source', { enum: ['manual', 'strava', 'fitbit'] }).notNull().default('manual'),
    /** Id at the tracker, so a second sync does not import twice. */
    externalId: text('external_id'),
    /** Private at the provider (Strava `private` / `only_me`): never shown to anyone else, whatever the feed sharing setting. */
    isPrivate: boolean('is_private').notNull().default(false),
    /** The provider's last edit of the record (Google Health `updateTime`), so an unchanged record is not rewritten. */
    externalUpdatedAt: timestamp('external_updated_at', { withTimezone: true, mode: 'date' }),
    /** The other providers that reported this same workout (kept from `tracker_duplicates` by a trigger, migration 0019). */
    alsoRecordedBy: text('also_recorded_by', { enum: ['strava', 'fitbit'] }).array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('activities_user_date_idx').on(table.userId, table.startDate),
    index('activities_start_at_idx').on(table.startAt),
    uniqueIndex('activities_external_unique').on(table.userId, table.source, table.externalId).where(sql`${table.externalId} is not null`),
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
  // The date index serves the feed's newest-first page (modules/feed).
  (table) => [
    uniqueIndex('daily_step_achievements_user_date_unique').on(table.userId, table.date),
    index('daily_step_achievements_created_idx').on(table.createdAt),
    index('daily_step_achievements_date_idx').on(table.date, table.id),
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
  // The date index serves the feed's newest-first page (modules/feed).
  (table) => [
    index('event_participations_user_date_idx').on(table.userId, table.date),
    index('event_participations_created_idx').on(table.createdAt),
    index('event_participations_date_idx').on(table.date, table.id),
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
    service: text('service', { enum: ['STRAVA', 'FITBIT'] }).notNull(),
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
  },
  (table) => [primaryKey({ columns: [table.userId, table.service] }), index('tracker_connections_external_idx').on(table.service, table.externalUserId)],
);

/** An OAuth round trip in progress: `state` (and Google's PKCE verifier) bound to the user who started it; single use, 10 minutes. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  service: text('service', { enum: ['STRAVA', 'FITBIT'] }).notNull(),
  codeVerifier: text('code_verifier'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/** A workout reported by a second provider that matched one already imported: skipped, and kept as one more source of it. */
export const trackerDuplicates = pgTable(
  'tracker_duplicates',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['strava', 'fitbit'] }).notNull(),
    externalId: text('external_id').notNull(),
    /** No foreign key: the read models let `activities` be truncated alone; a row whose activity is gone no longer counts. */
    activityId: integer('activity_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.source, table.externalId] }), index('tracker_duplicates_activity_idx').on(table.activityId)],
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
 * Points per user, competition year and calendar month, kept in step with the rows they come
 * from inside the same transaction, so leaderboards never scan activities.
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
    /** Copies of the year's level and the user's role (set by trigger, followed on changes), so insight_months can follow deletes. */
    levelOfCompetition: text('level_of_competition', { enum: ['Beginner', 'Intermediate', 'Advanced', 'Elite'] }),
    role: text('role', { enum: ['admin', 'user'] }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.competitionYear, table.month] })],
);

/**
 * Tracker connections now, counted once (a single row), for the admin overview: rewritten by a
 * statement trigger on tracker_connections under a lock (migration 0014). Connections change rarely.
 */
export const trackerCounts = pgTable('tracker_counts', {
  id: boolean('id').primaryKey().default(true),
  strava: integer('strava').notNull(),
  fitbit: integer('fitbit').notNull(),
  connectedUsers: integer('connected_users').notNull(),
});

/**
 * Per competition year, level and calendar month, over the employees (role user) who scored that
 * month: how many, their sums, and every employee's points sorted ascending (rank and median of a
 * month are one binary search / array read). Kept by statement triggers on score_months
 * (migration 0013, server/db/functions/insights.sql).
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
 * The admin overview's month as JSON, without its `"month"` key: every level's insight_months group
 * of a competition year and calendar month summed (employees, minutes per level, events, steps).
 * Rewritten by insight_months_apply for the months a write touched (migration 0022,
 * server/db/functions/insights.sql), so the overview reads at most 12 stored rows instead of
 * summing 48 groups on every call.
 */
export const insightMonthTotals = pgTable(
  'insight_month_totals',
  {
    competitionYear: smallint('competition_year').notNull(),
    month: smallint('month').notNull(),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.competitionYear, table.month] })],
);

/** Annual points per user and competition year, with the last day that scored (tie-break). */
export const scoreYears = pgTable(
  'score_years',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    competitionYear: smallint('competition_year').notNull(),
    points: integer('points').notNull().default(0),
    lastScoredOn: date('last_scored_on', { mode: 'string' }),
    /**
     * The level the user competes in that year (competition_level(), see migration 0002), kept by
     * recomputeUserYear and by triggers on user_levels and users, so a top-10 per level is a
     * 10-row index range.
     */
    levelOfCompetition: text('level_of_competition', { enum: ['Beginner', 'Intermediate', 'Advanced', 'Elite'] }),
    /**
     * Copies of users.role/last_name/first_name (set by a trigger on insert, followed on users
     * updates, migration 0003), so the admin leaders list is an index range in its sort order.
     */
    role: text('role', { enum: ['admin', 'user'] }),
    lastName: text('last_name'),
    firstName: text('first_name'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.competitionYear] }),
    index('score_years_year_points_idx').on(table.competitionYear, table.points),
    index('score_years_year_level_points_idx').on(table.competitionYear, table.levelOfCompetition, table.points.desc(), table.lastScoredOn.asc().nullsLast(), table.userId),
    index('score_years_list_level_idx')
      .on(table.competitionYear, table.levelOfCompetition, table.points.desc(), table.lastName, table.firstName, table.userId)
      .where(sql`${table.role} = 'user'`),
    index('score_years_list_idx').on(table.competitionYear, table.points.desc(), table.lastName, table.firstName, table.userId).where(sql`${table.role} = 'user'`),
  ],
);

/**
 * Competition years in which every user has a score_years row (migration 0004): the admin list's
 * fill (leaders/year-rows.ts) adds a year once; new users get rows for these years by trigger; a
 * delete or truncate of score_years clears them.
 */
export const scoreYearFills = pgTable('score_year_fills', {
  competitionYear: smallint('competition_year').primaryKey(),
});

/** Fixed-window counters shared by every API process (DESIGN 3: no per-process state). */
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
 * The words each employee can be found by in the admin search (names and e-mail, folded: lower
 * case, no accents), kept by a trigger on users (server/db/functions/user-search.sql). `word` is
 * compared in the C collation, so `word LIKE 'mar%'` is a range of the primary key.
 */
export const userSearchWords = pgTable(
  'user_search_words',
  {
    word: text('word').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  // (user_id, word): the per-employee probe of a term is an index-only range (migration 0013).
  (table) => [primaryKey({ columns: [table.word, table.userId] }), index('user_search_words_user_word_idx').on(table.userId, table.word)],
);

/**
 * How many employees (role user) of each level have a word starting with `prefix` (every prefix of
 * every word, '' for all), kept by statement triggers on users (server/db/functions/user-search.sql):
 * the admin search's exact count is one primary-key read instead of counting the matches.
 */
export const userSearchCounts = pgTable(
  'user_search_counts',
  {
    prefix: text('prefix').notNull(),
    levelOfCompetition: text('level_of_competition').notNull(),
    employees: integer('employees').notNull(),
  },
  (table) => [primaryKey({ columns: [table.prefix, table.levelOfCompetition] })],
);

/**
 * The search words of each employee (role user) per competition year and that year's level: the
 * join of score_years and user_search_words, kept by triggers on both (migration 0021,
 * server/db/functions/score-year-words.sql). The admin leaders list searched within one level
 * reads its matches as one primary-key range instead of walking the whole level.
 */
export const scoreYearWords = pgTable(
  'score_year_words',
  {
    competitionYear: smallint('competition_year').notNull(),
    levelOfCompetition: text('level_of_competition').notNull(),
    word: text('word').notNull(),
    userId: integer('user_id').notNull(),
  },
  // (user_id, competition_year): a rename or a level change rewrites one employee's rows.
  (table) => [primaryKey({ name: 'score_year_words_pk', columns: [table.competitionYear, table.levelOfCompetition, table.word, table.userId] }), index('score_year_words_user_idx').on(table.userId, table.competitionYear)],
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

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The dashboard's month, ready to send: one row per user and calendar month holding the
 * activities, step achievements and event dates as the JSON the month call answers with, and the
 * month's activity minutes. Kept by statement triggers on activities, daily_step_achievements and
 * event_participations (migration 0005), so every write path keeps it exact in its own transaction
 * and the hot dashboard read is a primary-key lookup instead of three range scans and a year sum.
 */
export const monthViews = pgTable(
  'month_views',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** First day of the calendar month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** JSON array of contract Activity objects, ordered by start. */
    activities: text('activities').notNull(),
    /** JSON array of contract DailyStepsAchievement objects, ordered by date. */
    steps: text('steps').notNull(),
    /** JSON array of distinct YYYY-MM-DD event participation dates, ascending. */
    eventDates: text('event_dates').notNull(),
    /** Sum of the month's activity moving time. */
    minutes: integer('minutes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

/**
 * GET /leaders/top per competition year, ready to send: the contract's TopLeaders JSON (ten per
 * level, points > 0, role user). Kept by statement triggers on score_years and on users' pictures
 * (migration 0006) inside the writing transaction, so the standings still change at once while
 * every employee's leaderboard read is a primary-key lookup.
 */
export const leadersTop = pgTable('leaders_top', {
  competitionYear: smallint('competition_year').primaryKey(),
  body: text('body').notNull(),
});

/**
 * The activity feed's entries (activities, step achievements, event participations) in one table
 * with the visibility facts copied in: is_strava from the activity's source, is_public from the
 * owner's privacy. Kept by statement triggers on the three tables and on users' privacy (migration
 * 0007), so a feed page is two index ranges (the public entries, the viewer's own others) instead
 * of three merged scans with a privacy probe per row.
 */
export const feedEntries = pgTable(
  'feed_entries',
  {
    kind: text('kind', { enum: ['activity', 'steps', 'event'] }).notNull(),
    entryId: integer('entry_id').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The activity's title (steps and events take their names from the feed module). */
    name: text('name'),
    /** The activity's minutes (steps and events score by the rules in force). */
    movingTime: integer('moving_time'),
    isInTheTopThree: boolean('is_in_the_top_three').notNull().default(false),
    isStrava: boolean('is_strava').notNull(),
    isPublic: boolean('is_public').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.entryId] }),
    index('feed_entries_public_idx').on(table.at.desc(), table.kind, table.entryId.desc()).where(sql`${table.isPublic}`),
    index('feed_entries_public_manual_idx').on(table.at.desc(), table.kind, table.entryId.desc()).where(sql`${table.isPublic} and not ${table.isStrava}`),
    index('feed_entries_user_idx').on(table.userId, table.at.desc(), table.kind, table.entryId.desc()),
    // The viewer's own entries outside the public range (private, or Strava when not shared).
    index('feed_entries_own_hidden_idx')
      .on(table.userId, table.at.desc(), table.kind, table.entryId.desc())
      .where(sql`not ${table.isPublic} or ${table.isStrava}`),
    index('feed_entries_own_private_idx').on(table.userId, table.at.desc(), table.kind, table.entryId.desc()).where(sql`not ${table.isPublic}`),
  ],
);

/**
 * How many employees (role user) each level has in each competition year's score_years: the admin
 * list's count without walking the level's index range. Kept by statement triggers on score_years
 * (migration 0008); a points-only update nets to zero and writes nothing, so concurrent scoring
 * never queues on these rows. Level '' stands for rows without a level.
 */
export const scoreYearCounts = pgTable(
  'score_year_counts',
  {
    competitionYear: smallint('competition_year').notNull(),
    levelOfCompetition: text('level_of_competition').notNull(),
    employees: integer('employees').notNull(),
  },
  (table) => [primaryKey({ columns: [table.competitionYear, table.levelOfCompetition] })],
);
