/**
 * Every table computed from other rows, and every trigger, with why it exists
 * (docs/architecture.md#derived-state-and-its-keepers). tests/server/system/data-layer-inventory.test.ts fails when
 * a freshly migrated database has a table or trigger this file does not list (or lists one it does
 * not have), so derived state cannot grow unseen. The load figure each table serves is in
 * docs/load-model.md.
 */

export type DerivedTable = {
  table: string;
  /** The tables it is computed from. */
  sources: readonly string[];
  /** What keeps it equal to its sources. */
  keeper: string;
  /** The test that compares it with a recomputation from the sources. */
  recomputationTest: string;
  /** The figure of docs/load-model.md that needs it. */
  serves: string;
};

export const derivedTables: readonly DerivedTable[] = [
  {
    table: 'score_months',
    sources: ['activities', 'daily_step_achievements', 'event_participations', 'quarterly_bonuses', 'scoring_rules', 'user_levels', 'users'],
    keeper: 'rescore_user_months() after every write, rebuild_scores() (server/db/functions/scoring.sql)',
    recomputationTest: 'tests/unit/scoring-property.test.ts',
    serves: 'the scoring output: monthly points of the leaders list, progress minutes and points',
  },
  {
    table: 'score_years',
    sources: ['activities', 'daily_step_achievements', 'event_participations', 'quarterly_bonuses', 'scoring_rules', 'user_levels'],
    keeper: 'rescore_user_months() after every write, rebuild_scores() (server/db/functions/scoring.sql)',
    recomputationTest: 'tests/unit/scoring-property.test.ts',
    serves: 'the scoring output: top leaders per level, admin leaders list',
  },
  {
    table: 'insight_months',
    sources: ['score_months'],
    keeper: 'row trigger score_months_insights, insight_months_rebuild() in rebuild_scores() (server/db/functions/insights.sql); scoringService().rescoreConfirmed() when an address is confirmed (only confirmed employees count)',
    recomputationTest: 'tests/server/insights/insights.test.ts',
    serves: 'progress: rank and median among up to 25,000 employees of a level per month; the overview\'s active employees per month (active)',
  },
  {
    table: 'team_months',
    sources: ['score_months', 'team_memberships', 'activities', 'daily_step_achievements', 'event_participations', 'quarterly_bonuses', 'scoring_rules', 'users'],
    keeper: 'row triggers score_months_teams (a whole month), team_memberships_teams (a membership change) users_teams_leave (a deleted account) and users_teams_counted (an address confirmed), team_months_refresh() in rescore_user_months() (a split month), team_months_rebuild() in rebuild_scores(), team_months_clear() on a truncate of its sources (server/db/functions/teams.sql); each change also gives the team a new teams.scores_stamp (team_scores_changed), which the API\'s kept member points and standings pages are checked against (server/db/stamped-cache.ts)',
    recomputationTest: 'tests/server/teams/team-scores-property.test.ts',
    serves: 'the team leaderboard of 1,000 teams, a team\'s page and the participation view at 100,000 memberships; the stamp: each caller\'s rank in their team (about 100 probes a team) at the leaderboard\'s rate',
  },
  {
    table: 'employee_joins',
    sources: ['users'],
    keeper: 'row trigger users_employee_joins, cleared with users by users_employee_joins_truncate (server/db/functions/overview.sql)',
    recomputationTest: 'tests/server/insights/overview-counts.test.ts',
    serves: 'the admin overview\'s employees of a year at 100,000 employees (a count of every user per request before)',
  },
  {
    table: 'tracker_counts',
    sources: ['tracker_connections'],
    keeper: 'statement triggers tracker_connections_inserted and tracker_connections_deleted under the employees\' write locks, cleared by tracker_connections_counts_truncate; tracker_connections_fixed refuses a connection moving to another employee or service (server/db/functions/overview.sql)',
    recomputationTest: 'tests/server/insights/overview-counts.test.ts',
    serves: 'the admin overview\'s tracker connections and connected employees at 50,000 connections (a distinct count per request before)',
  },
  {
    table: 'score_year_counts',
    sources: ['score_years'],
    keeper: 'row trigger score_years_counts (a row inserted or deleted, or moved to another level), cleared with score_years by score_years_counts_truncate (server/db/functions/leaders.sql)',
    recomputationTest: 'tests/server/leaders/score-year-counts.test.ts',
    serves: 'the admin leaders list at 100,000 employees: its count and whether anyone of the year has no score row (a pass over the year\'s score rows per request before, 13 ms of a 40 ms call); its stamps keep a search\'s matched count in the API (a term everyone matches: 35-50 ms)',
  },
  {
    table: 'users_search_stamp',
    sources: ['users'],
    keeper: 'statement triggers users_search_stamp_moved (an employee added or removed, a role, level, name or e-mail address changed) and users_search_stamp_truncate give it a new random stamp (server/db/functions/admin-search.sql); the admin users search keeps each count under it (server/db/stamped-cache.ts)',
    recomputationTest: 'tests/server/users/search-counts.test.ts',
    serves: 'admin searches p99 < 50 ms at 2 connections at 100,000 employees: a term everyone matches was counted on every page (35 ms of LIKE over every employee)',
  },
];

/** Tables that hold what people and providers gave us, or bookkeeping: never computed from other rows. */
export const sourceTables: readonly string[] = [
  'users',
  'user_levels',
  'activities',
  'daily_step_achievements',
  'event_participations',
  'quarterly_bonuses',
  'scoring_rules',
  'tracker_connections',
  'tracker_duplicates',
  'tracker_failures',
  'oauth_states',
  'provider_budgets',
  'refresh_sessions',
  'password_reset_tokens',
  'audit_events',
  'idempotency_keys',
  'rate_limits',
  'replaceable_sql_applied',
  'email_confirmation_tokens',
  'invitations',
  'data_exports',
  'teams',
  'team_memberships',
  // Strava webhook events kept until applied, and provider withdrawals waiting for another try.
  'strava_webhook_events',
  'tracker_pending_revokes',
  // Each provider's webhook subscription (its signing secret, sealed) where the app creates it.
  'tracker_webhooks',
  // Personal import tokens of phone apps (hashed).
  'import_tokens',
];

/** Every trigger of a migrated database and its job. */
export const triggers: Readonly<Record<string, string>> = {
  audit_events_no_update: 'the audit trail is append-only (a deleted account\'s entries may only lose the person\'s data)',
  audit_events_no_truncate: 'the audit trail is append-only',
  score_months_insights: 'insight_months follows each score_months row',
  score_months_insights_truncate: 'insight_months is cleared with score_months',
  score_months_teams: 'team_months follows each score_months row of a month one membership covers whole',
  score_months_teams_truncate: 'team_months is cleared with score_months',
  team_memberships_teams: 'team_months follows each membership change (a move, a join, a leave, an archived team)',
  team_memberships_teams_truncate: 'team_months is cleared with the memberships',
  users_teams_leave: 'a deleted account leaves its teams before its score rows go, so team_months can take back what they gave',
  score_years_counts: 'score_year_counts follows each score row inserted, deleted or moved to another level',
  score_years_counts_truncate: 'score_year_counts is cleared with score_years',
  users_teams_counted: 'team_months\' members follow a person joining or leaving the leaderboard\'s people (an address confirmed)',
  users_employee_joins: 'employee_joins follows each employee added, removed, made admin or dated again',
  users_employee_joins_truncate: 'employee_joins is cleared with users',
  tracker_connections_inserted: 'tracker_counts follows the connections a statement adds (an employee newly connected counted once)',
  tracker_connections_deleted: 'tracker_counts follows the connections a statement removes (an account\'s deletion removes them all at once)',
  tracker_connections_fixed: 'a connection keeps its employee and service, which tracker_counts could not follow',
  tracker_connections_counts_truncate: 'tracker_counts is cleared with tracker_connections',
  users_search_stamp_moved: 'the admin users search\'s kept counts are dropped by any statement that can change one',
  users_search_stamp_truncate: 'the same for a truncate of users',
};
