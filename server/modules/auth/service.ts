import type { FastifyRequest } from 'fastify';
import type { SigninBody, SignupBody } from '@/contract/auth';
import { currentCompetitionYear } from '@/domain/competition';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
import { assertUnderRateLimit, consumeRateLimit, countFailure, isRemembered, rateLimitRules, remember } from '../../http/rate-limit';
import { sha256 } from '../../http/tokens';
import { userLevels, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, conflict } from '@/domain/errors';
import { withStoredPhoto } from '../../http/photo-storage';
import type { Photo } from '../../http/multipart';
import { findUserRowByEmail } from '../users/repo';
import { consumeResetToken, expireResetTokensOfUser, findSessionByHash, findUsableResetToken, revokeAllSessionsOfUser, setPasswordHash } from './repo';
import { createRefreshSession } from './sessions';
import { audit, subjectOf } from '../audit/repo';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, a reset link has been sent';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed';

export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Email or password is incorrect');
export const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');
export const invalidResetToken = () => badRequest('This reset link is invalid or has expired', 'INVALID_RESET_TOKEN');

const isUniqueViolation = (error: unknown): boolean => {
  const candidate = error as { code?: string; cause?: unknown } | null;
  return candidate?.code === '23505' || (candidate?.cause !== undefined && isUniqueViolation(candidate.cause));
};

/** A live refresh cookie of this very account: the owner's own browser. */
const isKnownDevice = async (deps: AppDeps, userId: number, refreshToken: string | undefined) => {
  if (!refreshToken) return false;
  const session = await findSessionByHash(deps.db, sha256(refreshToken));
  return session !== null && session.userId === userId && session.revokedAt === null;
};

/**
 * Returns the user id and a fresh refresh token, or throws 401/429. Only failures are counted
 * (rate-limit-rules.ts); the owner's known device skips the account limits and a known address
 * skips the account-wide one, so strangers' wrong passwords cannot lock the owner out.
 */
export const signin = async (deps: AppDeps, body: SigninBody, request: FastifyRequest, refreshToken?: string) => {
  const now = deps.clock.now();
  const pair = `${body.email}|${request.ip}`;
  await assertUnderRateLimit(deps.db, rateLimitRules.signinPerAddress, request.ip, now);
  const row = await findUserRowByEmail(deps.db, body.email);
  const knownDevice = row ? await isKnownDevice(deps, row.id, refreshToken) : false;
  if (!knownDevice) {
    await assertUnderRateLimit(deps.db, rateLimitRules.signinPerAccountAddress, pair, now);
    if (!(await isRemembered(deps.db, rateLimitRules.signinKnownAddress, pair, now))) {
      await assertUnderRateLimit(deps.db, rateLimitRules.signinPerAccount, body.email, now);
    }
  }
  // Unknown e-mails cost one hash check too: the answer and its timing are the same.
  const ok = row ? await verifyPassword(row.passwordHash, body.password) : await verifyDummyPassword(body.password);
  if (!row || !ok) {
    await countFailure(deps.db, rateLimitRules.signinPerAddress, request.ip, now);
    const fromHere = await countFailure(deps.db, rateLimitRules.signinPerAccountAddress, pair, now);
    const overall = await countFailure(deps.db, rateLimitRules.signinPerAccount, body.email, now);
    // The failure that reaches a limit locks the account (for that address, or everywhere): a security event.
    if (row && (fromHere === rateLimitRules.signinPerAccountAddress.limit || overall === rateLimitRules.signinPerAccount.limit)) {
      await audit(deps.db, { at: now, actor: null, action: 'auth.lockout', subject: row, after: { scope: overall === rateLimitRules.signinPerAccount.limit ? 'account' : 'account and address' }, address: request.ip });
    }
    throw invalidCredentials();
  }
  await remember(deps.db, rateLimitRules.signinKnownAddress, pair, now);
  const session = await createRefreshSession(deps, deps.db, row.id, now);
  return { userId: row.id, refreshToken: session.token, familyId: session.familyId };
};

/** Creates a role-user account with its level for the current competition year, signed in. */
export const signup = async (deps: AppDeps, fields: SignupBody, photo: Photo | null, request: FastifyRequest) => {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, { ...rateLimitRules.signupPerAddress, limit: deps.config.signupsPerAddressPerHour }, request.ip, now);
  if (photo) await consumeRateLimit(deps.db, rateLimitRules.uploadBytesPerAddress, request.ip, now, photo.bytes.length);
  if (await findUserRowByEmail(deps.db, fields.email)) throw emailTaken();
  const passwordHash = await hashPassword(fields.password);
  try {
    return await withStoredPhoto(deps.config.dataDir, photo, (profilePicture) =>
      deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            role: 'user',
            email: fields.email,
            passwordHash,
            firstName: fields.firstName,
            lastName: fields.lastName,
            dateOfBirth: fields.dateOfBirth,
            gender: fields.gender,
            levelOfCompetition: fields.levelOfCompetition,
            profilePicture,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id });
        if (!created) throw new Error('insert returned no row');
        await tx.insert(userLevels).values({ userId: created.id, competitionYear: currentCompetitionYear(now), levelOfCompetition: fields.levelOfCompetition });
        const session = await createRefreshSession(deps, tx, created.id, now);
        return { userId: created.id, refreshToken: session.token, familyId: session.familyId };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(); // two sign-ups with one e-mail at once
    throw error;
  }
};

/** Same answer whether or not the account exists; rate limited per account and per address. */
export const forgotPassword = async (deps: AppDeps, email: string, request: FastifyRequest) => {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, rateLimitRules.forgotPerAddress, request.ip, now);
  await consumeRateLimit(deps.db, rateLimitRules.forgotPerAccount, email, now);
  // Known or not, the answer does the same work: the job looks the account up and mails it (mail-jobs.ts).
  await deps.jobs.send('mail.forgot-password', { email });
};

export const checkResetToken = async (deps: AppDeps, token: string) => {
  if (!(await findUsableResetToken(deps.db, sha256(token), deps.clock.now()))) throw invalidResetToken();
};

/** Sets the password, uses up the token (and the user's other links) and signs out every device. */
export const resetPassword = async (deps: AppDeps, token: string, newPassword: string) => {
  const now = deps.clock.now();
  const tokenHash = sha256(token);
  if (!(await findUsableResetToken(deps.db, tokenHash, now))) throw invalidResetToken();
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash, now);
    if (userId === null) throw invalidResetToken(); // used by a concurrent request meanwhile
    await setPasswordHash(tx, userId, passwordHash, now);
    await audit(tx, { at: now, actor: null, action: 'auth.password_reset', subject: await subjectOf(tx, userId) });
    await expireResetTokensOfUser(tx, userId, now);
    await revokeAllSessionsOfUser(tx, userId, now);
  });
};
