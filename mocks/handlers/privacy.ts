import type { HttpHandler } from 'msw';
import { privacyEndpoints as endpoints } from '@/contract/privacy';
import { buildPersonalDataArchive, personalDataFileName } from '@/domain/personal-data-archive';
import {
  RECENT_SIGN_IN_MINUTES,
  dataExportOf,
  exportExpiry,
  exportNotReady,
  passwordIncorrect,
  passwordMissing,
  recentSignInRequired,
} from '@/domain/privacy';
import { REFRESH_COOKIE, REFRESH_COOKIE_OPTIONS } from '../auth/sessions';
import { mockClock } from '../clock';
import { findUserById, mockDb, mockHash, nowIso, type MockDataExport } from '../db';
import { notFound } from '../errors';
import { mockRoute, type MockAuthUser } from '../http';
import { deleteMockAccount } from '../privacy/account-deletion';
import { mockPersonalData } from '../privacy/personal-data';
import { base64ToBytes, bytesToBase64 } from '../random';

/** 'Download my data' and 'Delete my account' in memory, with the API's rules (modules/privacy). */

const exportsOf = () => (mockDb.dataExports ??= []);
const newestOf = (userId: number) =>
  exportsOf()
    .filter((row) => row.userId === userId)
    .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt) || b.id - a.id)[0] ?? null;

const asStored = (row: MockDataExport | null) =>
  row && {
    status: row.status,
    requestedAt: new Date(row.requestedAt),
    readyAt: row.readyAt ? new Date(row.readyAt) : null,
    expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
  };

/** The export job: on the server it runs right after the request; here it has run by the next call. */
const runExportJobs = () => {
  for (const row of exportsOf()) {
    if (row.status !== 'preparing') continue;
    const user = findUserById(row.userId);
    if (!user) continue;
    const madeAt = mockClock.now();
    const upload = user.profilePicture ? mockDb.uploads.find((candidate) => candidate.name === user.profilePicture) : undefined;
    const archive = buildPersonalDataArchive(
      mockPersonalData(user),
      madeAt,
      upload ? { name: upload.name, bytes: base64ToBytes(upload.base64) } : undefined,
    );
    Object.assign(row, {
      status: 'ready',
      readyAt: madeAt.toISOString(),
      expiresAt: exportExpiry(madeAt).toISOString(),
      fileName: personalDataFileName(user.id, madeAt),
      base64: bytesToBase64(archive),
    });
  }
};

/** The API's identity check: the password, or for an account without one a sign-in of the last minutes. */
const confirmIdentity = (caller: MockAuthUser, password: string | undefined) => {
  const user = findUserById(caller.id);
  if (!user) throw notFound('User not found');
  if (user.passwordHash) {
    if (!password) throw passwordMissing();
    if (user.passwordHash !== mockHash(password)) throw passwordIncorrect();
    return;
  }
  const since = mockClock.now().getTime() - RECENT_SIGN_IN_MINUTES * 60_000;
  if (
    !mockDb.refreshSessions.some(
      (session) => session.userId === caller.id && !session.revokedAt && new Date(session.createdAt).getTime() >= since,
    )
  )
    throw recentSignInRequired();
};

export const privacyHandlers: HttpHandler[] = [
  mockRoute(endpoints.exportStatus, ({ user }) => {
    runExportJobs();
    return dataExportOf(asStored(newestOf(user.id)), mockClock.now());
  }),

  mockRoute(endpoints.requestExport, ({ user }) => {
    runExportJobs();
    const current = newestOf(user.id);
    if (current?.status === 'preparing') return dataExportOf(asStored(current), mockClock.now());
    mockDb.dataExports = exportsOf().filter((row) => row.userId !== user.id);
    const row: MockDataExport = {
      id: Math.max(0, ...exportsOf().map((candidate) => candidate.id)) + 1,
      userId: user.id,
      status: 'preparing',
      requestedAt: nowIso(),
      readyAt: null,
      expiresAt: null,
      fileName: null,
      base64: null,
    };
    mockDb.dataExports.push(row);
    return dataExportOf(asStored(row), mockClock.now());
  }),

  mockRoute(endpoints.downloadExport, ({ user }) => {
    runExportJobs();
    const row = newestOf(user.id);
    if (!row || row.status !== 'ready' || !row.base64 || !row.fileName || !row.expiresAt || new Date(row.expiresAt) <= mockClock.now())
      throw exportNotReady();
    return { fileName: row.fileName, contentType: 'application/zip', bytes: base64ToBytes(row.base64) };
  }),

  mockRoute(endpoints.deleteAccount, ({ user, body, reply }) => {
    confirmIdentity(user, body.password);
    deleteMockAccount(user, user.id);
    reply.clearCookie(REFRESH_COOKIE, REFRESH_COOKIE_OPTIONS);
  }),
];
