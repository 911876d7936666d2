import type { AuditEvent } from '@/contract/audit';

/** An audit entry as written (the API's audit_events row): names of actor and employee are joined when read. */
export type MockAuditRow = Omit<AuditEvent, 'actorName' | 'subjectDeleted'>;
import type { TrackerSource } from '@/contract/activity';
import type { ApiType } from '@/contract/trackers';
import type { Gender, LevelOfCompetition, Role } from '@/contract/common';
import { currentCompetitionYear } from '@/domain/competition';
import { mockClock } from './clock';
import { fixtureLevelYears, fixtureUsers } from './fixtures';

/**
 * The mocks' database: plain typed arrays mirroring the API's db/schema.ts (same table and column
 * names in camelCase; timestamps as ISO strings so the whole thing survives JSON, which the
 * browser uses to keep it across reloads). Handlers read and write these arrays directly.
 */

export type MockUser = {
  id: number;
  role: Role;
  email: string;
  /** Stands in for the argon2 hash: `mockHash(password)`; compare with `mockHash` too. */
  passwordHash: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  gender: Gender;
  levelOfCompetition: LevelOfCompetition;
  /** Name of an entry in `uploads`, served at /api/uploads/<name>, or null. */
  profilePicture: string | null;
  isPrivateActivity: boolean;
  /** Null until a self-made account confirms its address; absent (older saved dbs) or a time: confirmed. */
  emailConfirmedAt?: string | null;
  /** A new address waiting for its confirmation link (the API's users.pending_email); absent: none. */
  pendingEmail?: string | null;
  createdAt: string;
  updatedAt: string;
};
/** Confirmation links (the API's email_confirmation_tokens; the token itself, nothing here is secret). */
export type MockConfirmationToken = {
  id: number;
  userId: number;
  token: string;
  /** The new address this link confirms (a change); absent or null: the account's own. */
  email?: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
};
/** Invitations (the API's invitations table; the current link's token kept in clear: nothing here is secret). */
export type MockInvitation = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  levelOfCompetition: LevelOfCompetition;
  token: string;
  createdAt: string;
  sentAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
};
export type MockUserLevel = { userId: number; competitionYear: number; levelOfCompetition: LevelOfCompetition };
export type MockRefreshSession = {
  id: string;
  familyId: string;
  userId: number;
  /** The token itself (the server stores a hash; nothing here is secret). */
  token: string;
  createdAt: string;
  expiresAt: string;
  rotatedAt: string | null;
  replacedBy: string | null;
  revokedAt: string | null;
};
export type MockResetToken = { id: number; userId: number; token: string; createdAt: string; expiresAt: string; usedAt: string | null };
export type MockActivity = {
  id: number;
  userId: number;
  name: string;
  movingTime: number;
  startAt: string;
  startDate: string;
  source: 'manual' | 'strava' | 'fitbit';
  externalId: string | null;
  /** Other trackers that reported the same workout (the server's activities.also_recorded_by). */
  alsoRecordedBy: TrackerSource[];
  createdAt: string;
  updatedAt: string;
};
export type MockDailyStepAchievement = { id: number; userId: number; date: string; createdAt: string };
export type MockEventParticipation = {
  id: number;
  userId: number;
  name: string;
  isInTheTopThree: boolean;
  date: string;
  createdAt: string;
};
export type MockQuarterlyBonus = {
  userId: number;
  competitionYear: number;
  firstQuarter: boolean;
  secondQuarter: boolean;
  thirdQuarter: boolean;
  fourthQuarter: boolean;
  updatedAt: string;
};
export type MockTrackerConnection = {
  userId: number;
  service: ApiType;
  externalUserId: string | null;
  connectedAt: string;
  lastSyncedAt: string | null;
  status?: 'connected' | 'reconnect_needed';
  lastAttemptAt?: string | null;
  lastResult?: string | null;
  lastAttemptOk?: boolean | null;
};
/** An OAuth round trip in progress (server: oauth_states). */
export type MockOauthState = { state: string; userId: number; service: ApiType; expiresAt: string; usedAt: string | null };
/** Fixed-window counters, like the server's rate_limits table. */
export type MockRateLimit = { key: string; windowStart: string; count: number };
export type MockIdempotencyKey = { scope: string; key: string; requestHash: string; status: number; body: unknown; createdAt: string };

/** 'Download my data' (the API's data_exports): the archive as base64 so the db stays JSON. */
export type MockDataExport = {
  id: number;
  userId: number;
  status: 'preparing' | 'ready' | 'failed';
  requestedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  fileName: string | null;
  base64: string | null;
};
/** A code the simulated identity provider issued (single use, 60 s) for the identity QA chose. */
export type MockSsoCode = {
  code: string;
  state: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  expiresAt: string;
  usedAt: string | null;
  /** 'Confirm with': the signed-in account it is for. */
  reauthenticate?: { userId: number };
};
/** A newcomer the provider vouched for, between the callback and the completed profile (the server keeps it in a sealed cookie). */
export type MockSsoNewcomer = { id: string; email: string; firstName: string; lastName: string; expiresAt: string };

/** Uploaded photos: base64 so the db stays JSON. */
export type MockUpload = { name: string; contentType: string; base64: string };

export type MockDb = {
  users: MockUser[];
  userLevels: MockUserLevel[];
  refreshSessions: MockRefreshSession[];
  passwordResetTokens: MockResetToken[];
  activities: MockActivity[];
  dailyStepAchievements: MockDailyStepAchievement[];
  eventParticipations: MockEventParticipation[];
  quarterlyBonuses: MockQuarterlyBonus[];
  trackerConnections: MockTrackerConnection[];
  oauthStates?: MockOauthState[];
  rateLimits: MockRateLimit[];
  /** First answers of creations by Idempotency-Key, per caller (the API's http/idempotency.ts). */
  idempotencyKeys?: MockIdempotencyKey[];
  /** The audit trail (the API's modules/audit): appended to, never changed. */
  auditEvents?: MockAuditRow[];
  uploads: MockUpload[];
  emailConfirmationTokens?: MockConfirmationToken[];
  invitations?: MockInvitation[];
  dataExports?: MockDataExport[];
  ssoCodes?: MockSsoCode[];
  ssoNewcomers?: MockSsoNewcomer[];
  /** Last id handed out per serial table. */
  sequences: Record<'users' | 'passwordResetTokens' | 'activities' | 'dailyStepAchievements' | 'eventParticipations', number>;
};

const emptyDb = (): MockDb => ({
  users: [],
  userLevels: [],
  refreshSessions: [],
  passwordResetTokens: [],
  activities: [],
  dailyStepAchievements: [],
  eventParticipations: [],
  quarterlyBonuses: [],
  trackerConnections: [],
  oauthStates: [],
  rateLimits: [],
  idempotencyKeys: [],
  auditEvents: [],
  uploads: [],
  emailConfirmationTokens: [],
  invitations: [],
  dataExports: [],
  ssoCodes: [],
  ssoNewcomers: [],
  sequences: { users: 0, passwordResetTokens: 0, activities: 0, dailyStepAchievements: 0, eventParticipations: 0 },
});

/** One object for the whole run; reset and restore replace its contents, never the reference. */
export const mockDb: MockDb = emptyDb();

/** Next value of a serial column (ids start at 1 after every reset, as after `restart identity`). */
export const nextId = (table: keyof MockDb['sequences']) => {
  mockDb.sequences[table] += 1;
  return mockDb.sequences[table];
};

/** Whether colleagues may see the user (feed, leaderboard): every account but an unconfirmed self-made one. */
export const isEmailConfirmed = (user: Pick<MockUser, 'emailConfirmedAt'> | null | undefined) => Boolean(user) && user!.emailConfirmedAt !== null;

/** Not a real hash: the mocks never hold real passwords. */
export const mockHash = (password: string) => `mock$${password}`;

export const nowIso = () => mockClock.now().toISOString();

/** Empties every table and inserts the fixture users (and their level rows) again. */
export const resetMockDb = () => {
  Object.assign(mockDb, emptyDb());
  const now = nowIso();
  const year = currentCompetitionYear(mockClock.now());
  // The fixture people have been employees since the first competition year they have a level in.
  const since = `${Math.min(...fixtureLevelYears(year))}-04-01T00:00:00.000Z`;
  for (const fixture of fixtureUsers) {
    const { password, ...profile } = fixture;
    const user: MockUser = {
      ...profile,
      id: nextId('users'),
      passwordHash: mockHash(password),
      profilePicture: null,
      createdAt: since,
      updatedAt: now,
    };
    mockDb.users.push(user);
    for (const competitionYear of fixtureLevelYears(year)) {
      mockDb.userLevels.push({ userId: user.id, competitionYear, levelOfCompetition: user.levelOfCompetition });
    }
  }
};

/** A deep copy that JSON can carry (the browser keeps it in localStorage). */
export const snapshotMockDb = (): MockDb => JSON.parse(JSON.stringify(mockDb)) as MockDb;

export const restoreMockDb = (snapshot: MockDb) => {
  Object.assign(mockDb, emptyDb(), snapshot);
  // A db saved by an older build has no sources on its rows.
  mockDb.activities = mockDb.activities.map((row) => ({ ...row, alsoRecordedBy: row.alsoRecordedBy ?? [] }));
};

/** Deletes a user and every row of theirs, like the server's ON DELETE CASCADE; returns the photo name. */
export const deleteUserCascade = (id: number) => {
  const user = mockDb.users.find((candidate) => candidate.id === id);
  const notTheirs = <T extends { userId: number }>(rows: T[]) => rows.filter((row) => row.userId !== id);
  mockDb.users = mockDb.users.filter((candidate) => candidate.id !== id);
  mockDb.userLevels = notTheirs(mockDb.userLevels);
  mockDb.refreshSessions = notTheirs(mockDb.refreshSessions);
  mockDb.passwordResetTokens = notTheirs(mockDb.passwordResetTokens);
  mockDb.activities = notTheirs(mockDb.activities);
  mockDb.dailyStepAchievements = notTheirs(mockDb.dailyStepAchievements);
  mockDb.eventParticipations = notTheirs(mockDb.eventParticipations);
  mockDb.quarterlyBonuses = notTheirs(mockDb.quarterlyBonuses);
  mockDb.trackerConnections = notTheirs(mockDb.trackerConnections);
  mockDb.oauthStates = notTheirs(mockDb.oauthStates ?? []);
  if (user?.profilePicture) mockDb.uploads = mockDb.uploads.filter((upload) => upload.name !== user.profilePicture);
  return user?.profilePicture ?? null;
};

/** Sets the level of one competition year (insert or update), like the server's upsert on user_levels. */
export const upsertYearLevel = (userId: number, competitionYear: number, levelOfCompetition: MockUserLevel['levelOfCompetition']) => {
  const row = mockDb.userLevels.find((level) => level.userId === userId && level.competitionYear === competitionYear);
  if (row) row.levelOfCompetition = levelOfCompetition;
  else mockDb.userLevels.push({ userId, competitionYear, levelOfCompetition });
};

export const findUserById = (id: number) => mockDb.users.find((user) => user.id === id) ?? null;
export const findUserByEmail = (email: string) => mockDb.users.find((user) => user.email === email.toLowerCase()) ?? null;

resetMockDb();
