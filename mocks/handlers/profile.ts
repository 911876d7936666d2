import { consumeRateLimit, MOCK_ADDRESS, rateLimitRules } from '../auth/rate-limit';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ProfileUpdate } from '@/contract/profile';
import { profileEndpoints } from '@/contract/profile';
import { currentCompetitionYear, isLevelWindowOpen } from '@/domain/competition';
import { levelWindowClosed, profileNotFound } from '@/domain/profile-errors';
import { requestEmailChange } from '../access/confirmation';
import { mockClock } from '../clock';
import { findUserById, mockDb, nowIso, type MockUser } from '../db';
import { errorBodyOf, notFound } from '../errors';
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

/** Same order of checks as the API's modules/profile/service.ts. */
const updateProfile = (caller: MockAuthUser, id: number, fields: ProfileUpdate, photo: MockPhoto | undefined) => {
  if (caller.id !== id) throw profileNotFound();
  const user = findUserById(id);
  if (!user) throw profileNotFound();
  const now = mockClock.now();
  const changes: Partial<MockUser> = {};
  for (const key of ['firstName', 'lastName', 'dateOfBirth', 'gender', 'isPrivateActivity'] as const) {
    if (fields[key] !== undefined && fields[key] !== user[key]) Object.assign(changes, { [key]: fields[key] });
  }
  const level = fields.levelOfCompetition;
  const levelChanged = level !== undefined && level !== user.levelOfCompetition;
  if (levelChanged && !isLevelWindowOpen(now)) throw levelWindowClosed();
  // A new address waits for its link (mocks/access/confirmation.ts); the current one sent back drops a pending change.
  if (fields.email !== undefined && (fields.email !== user.email || user.pendingEmail)) requestEmailChange(user, fields.email);
  if (levelChanged) {
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

const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg)$/;

const base64ToBytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** GET /api/uploads/:name, as the API's plugins/uploads.ts: the photos stored by signup and the profile. */
const photoHandlers: HttpHandler[] = [
  http.get('*/api/uploads/:name', ({ params }) => {
    const name = String(params.name);
    const upload = UPLOAD_NAME.test(name) ? mockDb.uploads.find((entry) => entry.name === name) : undefined;
    if (!upload) return HttpResponse.json(errorBodyOf(notFound('No such photo')), { status: 404 });
    return new HttpResponse(base64ToBytes(upload.base64), {
      headers: {
        'content-type': upload.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        'content-disposition': 'inline',
      },
    });
  }),
];

/** GET and PUT /users/:id/profile (the API's modules/profile/routes.ts). */
export const profileHandlers: HttpHandler[] = [
  mockRoute(profileEndpoints.profile, ({ params, user }) => {
    // Another user's profile is "not found"; admins may read any.
    if (user.role !== 'admin' && user.id !== params.id) throw profileNotFound();
    const found = findUserById(params.id);
    if (!found) throw profileNotFound();
    return toContractUser(found);
  }),

  mockRoute(profileEndpoints.updateProfile, ({ params, user, body, files }) => {
    // Photo bytes from one address are bounded per hour, as on the server.
    if (files.photo) consumeRateLimit(rateLimitRules.uploadBytesPerAddress, MOCK_ADDRESS, files.photo.bytes.length);
    return updateProfile(user, params.id, body, files.photo);
  }),
  ...photoHandlers,
];
