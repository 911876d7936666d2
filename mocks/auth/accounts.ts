import type { SignupBody } from '@/contract/auth';
import { currentCompetitionYear } from '@/domain/competition';
import { resetPasswordMail } from '@/domain/reset-mail';
import { mockClock } from '../clock';
import { findUserByEmail, mockDb, mockHash, nextId, nowIso, type MockUser } from '../db';
import { AppError, badRequest, emailTaken } from '../errors';
import type { MockPhoto } from '../multipart';
import { mockOutbox } from '../outbox';
import { bytesToBase64, randomHex, randomToken } from '../random';
import { addToWindow, assertUnderRateLimit, consumeRateLimit, isRemembered, MOCK_ADDRESS, rateLimitRules, remember } from './rate-limit';
import { createRefreshSession, revokeAllSessionsOfUser } from './sessions';
import { assertSelfSignupAllowed } from '../access/signup-policy';
import { sendConfirmationMail } from '../access/confirmation';

/** Accounts as the API's modules/auth/service.ts: same messages, same order of checks. */

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, a reset link has been sent';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed';
export const RESET_TOKEN_TTL_MINUTES = 60;

export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Email or password is incorrect');
export const invalidResetToken = () => badRequest('This reset link is invalid or has expired', 'INVALID_RESET_TOKEN');

/** Where reset links point: the page's own origin in the browser, the server's test origin in Node. */
const appOrigin = () => (typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost:3000');

/** Same rules as the server's signin: failures only, per address, per account and address, per account. */
export const signin = (body: { email: string; password: string }) => {
  const pair = `${body.email}|${MOCK_ADDRESS}`;
  assertUnderRateLimit(rateLimitRules.signinPerAddress, MOCK_ADDRESS);
  assertUnderRateLimit(rateLimitRules.signinPerAccountAddress, pair);
  if (!isRemembered(rateLimitRules.signinKnownAddress, pair)) assertUnderRateLimit(rateLimitRules.signinPerAccount, body.email);
  const user = findUserByEmail(body.email);
  if (!user || user.passwordHash !== mockHash(body.password)) {
    for (const [rule, subject] of [
      [rateLimitRules.signinPerAddress, MOCK_ADDRESS],
      [rateLimitRules.signinPerAccountAddress, pair],
      [rateLimitRules.signinPerAccount, body.email],
    ] as const) {
      addToWindow(rule, subject, 1);
    }
    throw invalidCredentials();
  }
  remember(rateLimitRules.signinKnownAddress, pair);
  return { userId: user.id, refreshToken: createRefreshSession(user.id) };
};

/** Keeps the photo as the server would store it: a random 32-hex name with the sniffed extension. */
export const storePhoto = (photo: MockPhoto) => {
  const name = `${randomHex(16)}.${photo.extension}`;
  mockDb.uploads.push({ name, contentType: photo.contentType, base64: bytesToBase64(photo.bytes) });
  return name;
};

/** A new employee with the level of their first competition year (sign-up, invitation, single sign-on); an empty passwordHash: no password (single sign-on). */
export const insertEmployee = (
  fields: Pick<MockUser, 'email' | 'firstName' | 'lastName' | 'dateOfBirth' | 'gender' | 'levelOfCompetition'> & { passwordHash: string },
  photo: MockPhoto | undefined,
  { now, confirmed }: { now: string; confirmed: boolean },
): MockUser => {
  const user: MockUser = {
    id: nextId('users'),
    role: 'user',
    email: fields.email,
    passwordHash: fields.passwordHash,
    firstName: fields.firstName,
    lastName: fields.lastName,
    dateOfBirth: fields.dateOfBirth,
    gender: fields.gender,
    levelOfCompetition: fields.levelOfCompetition,
    profilePicture: photo ? storePhoto(photo) : null,
    isPrivateActivity: false,
    emailConfirmedAt: confirmed ? now : null,
    createdAt: now,
    updatedAt: now,
  };
  mockDb.users.push(user);
  mockDb.userLevels.push({ userId: user.id, competitionYear: currentCompetitionYear(mockClock.now()), levelOfCompetition: user.levelOfCompetition });
  return user;
};

export const signup = (fields: SignupBody, photo: MockPhoto | undefined) => {
  assertSelfSignupAllowed(fields.email);
  consumeRateLimit(rateLimitRules.signupPerAddress, MOCK_ADDRESS);
  if (photo) consumeRateLimit(rateLimitRules.uploadBytesPerAddress, MOCK_ADDRESS, photo.bytes.length);
  if (findUserByEmail(fields.email)) throw emailTaken();
  const user = insertEmployee({ ...fields, passwordHash: mockHash(fields.password) }, photo, { now: nowIso(), confirmed: false });
  sendConfirmationMail(user);
  return { userId: user.id, refreshToken: createRefreshSession(user.id) };
};

/** Issues a single-use reset token and "mails" the link to the mock outbox (also the admin action). */
export const sendPasswordResetMail = (user: MockUser) => {
  const now = mockClock.now();
  const token = randomToken(32);
  mockDb.passwordResetTokens.push({
    id: nextId('passwordResetTokens'),
    userId: user.id,
    token,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60 * 1000).toISOString(),
    usedAt: null,
  });
  const link = `${appOrigin()}/reset-password?token=${encodeURIComponent(token)}`;
  mockOutbox.send(resetPasswordMail(user, link, RESET_TOKEN_TTL_MINUTES));
};

export const forgotPassword = (email: string) => {
  consumeRateLimit(rateLimitRules.forgotPerAddress, MOCK_ADDRESS);
  consumeRateLimit(rateLimitRules.forgotPerAccount, email);
  const user = findUserByEmail(email);
  if (user) sendPasswordResetMail(user);
};

const findUsableResetToken = (token: string) => {
  const now = mockClock.now();
  return mockDb.passwordResetTokens.find((row) => row.token === token && !row.usedAt && new Date(row.expiresAt) > now) ?? null;
};

export const checkResetToken = (token: string) => {
  if (!findUsableResetToken(token)) throw invalidResetToken();
};

/** Sets the password, uses up every link of the user and signs out every device. */
export const resetPassword = (token: string, newPassword: string) => {
  const row = findUsableResetToken(token);
  if (!row) throw invalidResetToken();
  const now = nowIso();
  const user = mockDb.users.find((candidate) => candidate.id === row.userId);
  if (user) {
    user.passwordHash = mockHash(newPassword);
    user.updatedAt = now;
  }
  for (const other of mockDb.passwordResetTokens) if (other.userId === row.userId && !other.usedAt) other.usedAt = now;
  revokeAllSessionsOfUser(row.userId);
};
