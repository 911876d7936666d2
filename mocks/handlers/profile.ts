import { consumeRateLimit, MOCK_ADDRESS, rateLimitRules } from '../auth/rate-limit';
import type { HttpHandler } from 'msw';
import type { ProfileUpdate } from '@/contract/users';
import { usersEndpoints } from '@/contract/users';
import { currentCompetitionYear, isLevelWindowOpen } from '@/domain/competition';
import { levelWindowClosed, profileNotFound } from '@/domain/profile-errors';
import { emailTaken } from '../auth/accounts';
import { mockClock } from '../clock';
import { findUserByEmail, findUserById, mockDb, nowIso, type MockUser } from '../db';
import { mockRoute, type MockAuthUser } from '../http';
import type { MockPhoto } from '../multipart';
import { bytesToBase64, randomHex } from '../random';
import { toContractUser } from '../serialize';

/** Stored like the server's photo storage: a random 32-hex name with the sniffed extension. */
const storePhoto = (photo: MockPhoto) => {
  const name = `${randomHex(16)}.${photo.extension}`;
  mockDb.uploads.push({ name, contentType: photo.contentType, base64: bytesToBase64(photo.bytes) });
  return name;
};

const removePhoto = (name: string) => {
  mockDb.uploads = mockDb.uploads.filter((upload) => upload.name !== name);
};

/** Same order of checks as server/modules/profile/service.ts. */
const updateProfile = (caller: MockAuthUser, id: number, fields: ProfileUpdate, photo: MockPhoto | undefined) => {
  if (caller.id !== id) throw profileNotFound();
  const user = findUserById(id);
  if (!user) throw profileNotFound();
  const now = mockClock.now();
  const changes: Partial<MockUser> = {};
  for (const key of ['firstName', 'lastName', 'dateOfBirth', 'gender', 'isPrivateActivity'] as const) {
    if (fields[key] !== undefined && fields[key] !== user[key]) Object.assign(changes, { [key]: fields[key] });
  }
  if (fields.email !== undefined && fields.email !== user.email) {
    if (findUserByEmail(fields.email)) throw emailTaken();
    changes.email = fields.email;
  }
  const level = fields.levelOfCompetition;
  if (level !== undefined && level !== user.levelOfCompetition) {
    if (!isLevelWindowOpen(now)) throw levelWindowClosed();
    changes.levelOfCompetition = level;
    const year = currentCompetitionYear(now);
    const row = mockDb.userLevels.find((entry) => entry.userId === id && entry.competitionYear === year);
    if (row) row.levelOfCompetition = level;
    else mockDb.userLevels.push({ userId: id, competitionYear: year, levelOfCompetition: level });
  }
  const replaced = photo ? user.profilePicture : null;
  if (photo) changes.profilePicture = storePhoto(photo);
  if (Object.keys(changes).length > 0) Object.assign(user, changes, { updatedAt: nowIso() });
  if (replaced) removePhoto(replaced);
  return toContractUser(user);
};

/** GET and PUT /users/:id/profile (server/modules/profile/routes.ts). */
export const profileHandlers: HttpHandler[] = [
  mockRoute(usersEndpoints.profile, ({ params, user }) => {
    // Another user's profile is "not found"; admins may read any.
    if (user.role !== 'admin' && user.id !== params.id) throw profileNotFound();
    const found = findUserById(params.id);
    if (!found) throw profileNotFound();
    return toContractUser(found);
  }),

  mockRoute(usersEndpoints.updateProfile, ({ params, user, body, files }) => {
    // Photo bytes from one address are bounded per hour, as on the server.
    if (files.photo) consumeRateLimit(rateLimitRules.uploadBytesPerAddress, MOCK_ADDRESS, files.photo.bytes.length);
    return updateProfile(user, params.id, body, files.photo);
  }),
];
