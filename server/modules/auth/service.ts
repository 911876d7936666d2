import type { HostRequest } from '../../http/host';
import type { SigninBody, SignupBody } from '@/contract/auth';
import { verifyDummyPassword } from '../../passwords/password-hasher';
import { assertUnderRateLimit, consumeRateLimit, countFailure, isRemembered, rateLimitRules, remember } from '../../http/rate-limit';
import { sha256 } from '../../http/tokens';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, conflict } from '@/domain/errors';
import { withStoredPhoto } from '../../http/photo-storage';
import type { Photo } from '../../http/multipart';
import { usersRepo } from '../users/repo';
import { authRepo } from './repo';
import { authSessionFor, createRefreshSession, revokeByToken, rotateRefreshToken } from './sessions';
import { auditRepo } from '../audit/repo';
import { assertSelfSignupAllowed } from '@/domain/access-policy';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'passwords' | 'photos'>;

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, a reset link has been sent';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed';

export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Email or password is incorrect');
export const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');
export const invalidResetToken = () => badRequest('This reset link is invalid or has expired', 'INVALID_RESET_TOKEN');

/** A unique index refused the write (two requests for one e-mail at once). */
export const isUniqueViolation = (error: unknown): boolean => {
  const candidate = error as { code?: string; cause?: unknown } | null;
  return candidate?.code === '23505' || (candidate?.cause !== undefined && isUniqueViolation(candidate.cause));
};

/** A live refresh cookie of this very account: the owner's own browser. */
const isKnownDevice = async (deps: Deps, userId: number, refreshToken: string | undefined) => {
  if (!refreshToken) return false;
  const session = await authRepo(deps.db).findSessionByHash(sha256(refreshToken));
  return session !== null && session.userId === userId && session.revokedAt === null;
};

/**
 * Returns the user id and a fresh refresh token, or throws 401/429. Only failures are counted
 * (rate-limit-rules.ts); the owner's known device skips the account limits and a known address
 * skips the account-wide one, so strangers' wrong passwords cannot lock the owner out.
 */
const signin = async (deps: Deps, body: SigninBody, request: HostRequest, refreshToken?: string) => {
  const now = deps.clock.now();
  const pair = `${body.email}|${request.ip}`;
  await assertUnderRateLimit(deps.db, rateLimitRules.signinPerAddress, request.ip, now);
  const row = await usersRepo(deps.db).findUserRowByEmail(body.email);
  const knownDevice = row ? await isKnownDevice(deps, row.id, refreshToken) : false;
  if (!knownDevice) {
    await assertUnderRateLimit(deps.db, rateLimitRules.signinPerAccountAddress, pair, now);
    if (!(await isRemembered(deps.db, rateLimitRules.signinKnownAddress, pair, now))) {
      await assertUnderRateLimit(deps.db, rateLimitRules.signinPerAccount, body.email, now);
    }
  }
  // Unknown e-mails cost one hash check too: the answer and its timing are the same.
  const ok = row ? await deps.passwords.verify(row.passwordHash, body.password) : await verifyDummyPassword(deps.passwords, body.password);
  if (!row || !ok) {
    await countFailure(deps.db, rateLimitRules.signinPerAddress, request.ip, now);
    const fromHere = await countFailure(deps.db, rateLimitRules.signinPerAccountAddress, pair, now);
    const overall = await countFailure(deps.db, rateLimitRules.signinPerAccount, body.email, now);
    // The failure that reaches a limit locks the account (for that address, or everywhere): a security event.
    if (row && (fromHere === rateLimitRules.signinPerAccountAddress.limit || overall === rateLimitRules.signinPerAccount.limit)) {
      await auditRepo(deps.db).audit({ at: now, actor: { system: 'sign-in-protection' }, action: 'auth.lockout', subject: row, after: { scope: overall === rateLimitRules.signinPerAccount.limit ? 'account' : 'account and address' }, address: request.ip });
    }
    throw invalidCredentials();
  }
  await remember(deps.db, rateLimitRules.signinKnownAddress, pair, now);
  const session = await createRefreshSession(deps, deps.db, row.id, now, 'password');
  return { userId: row.id, refreshToken: session.token, familyId: session.familyId };
};

/** Creates a role-user account with its level for the current competition year, signed in. */
const signup = async (deps: Deps, fields: SignupBody, photo: Photo | null, request: HostRequest) => {
  const now = deps.clock.now();
  assertSelfSignupAllowed(deps.config.signup, fields.email);
  await consumeRateLimit(deps.db, { ...rateLimitRules.signupPerAddress, limit: deps.config.signupsPerAddressPerHour }, request.ip, now);
  if (photo) await consumeRateLimit(deps.db, rateLimitRules.uploadBytesPerAddress, request.ip, now, photo.bytes.length);
  if (await usersRepo(deps.db).findUserRowByEmail(fields.email)) throw emailTaken();
  const passwordHash = await deps.passwords.hash(fields.password);
  try {
    return await withStoredPhoto(deps.photos, photo, (profilePicture) =>
      deps.db.transaction(async (tx) => {
        const repo = authRepo(tx);
        // A self-made account proves its address first (docs/access.md); every other way in is confirmed.
        const created = await repo.insertEmployee({ ...fields, passwordHash, profilePicture }, { now, confirmed: false });
        await deps.jobs.send('mail.confirm-email', { userId: created }, { tx });
        const session = await createRefreshSession(deps, tx, created, now, 'password');
        return { userId: created, refreshToken: session.token, familyId: session.familyId };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(); // two sign-ups with one e-mail at once
    throw error;
  }
};

/** Same answer whether or not the account exists; rate limited per account and per address. */
const forgotPassword = async (deps: Deps, email: string, request: HostRequest) => {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, rateLimitRules.forgotPerAddress, request.ip, now);
  await consumeRateLimit(deps.db, rateLimitRules.forgotPerAccount, email, now);
  // Known or not, the answer does the same work: the job looks the account up and mails it (mail-jobs.ts).
  await deps.jobs.send('mail.forgot-password', { email });
};

const checkResetToken = async (deps: Deps, token: string) => {
  if (!(await authRepo(deps.db).findUsableResetToken(sha256(token), deps.clock.now()))) throw invalidResetToken();
};

/** Sets the password, uses up the token (and the user's other links) and signs out every device. */
const resetPassword = async (deps: Deps, token: string, newPassword: string) => {
  const now = deps.clock.now();
  const tokenHash = sha256(token);
  if (!(await authRepo(deps.db).findUsableResetToken(tokenHash, now))) throw invalidResetToken();
  const passwordHash = await deps.passwords.hash(newPassword);
  await deps.db.transaction(async (tx) => {
    const repo = authRepo(tx);
    const audits = auditRepo(tx);
    const userId = await repo.consumeResetToken(tokenHash, now);
    if (userId === null) throw invalidResetToken(); // used by a concurrent request meanwhile
    await repo.setPasswordHash(userId, passwordHash, now);
    await audits.auditOwnAction(userId, { at: now, action: 'auth.password_reset' });
    await repo.expireResetTokensOfUser(userId, now);
    await repo.revokeAllSessionsOfUser(userId, now);
  });
};

/** Accounts and sign-in: sessions (sessions.ts), reset links (password-reset.ts, mailed by mail-jobs.ts). */
export const authService = (deps: Deps) => ({
  signin: (body: SigninBody, request: HostRequest, refreshToken?: string) => signin(deps, body, request, refreshToken),
  signup: (fields: SignupBody, photo: Photo | null, request: HostRequest) => signup(deps, fields, photo, request),
  /** The answer of signin, signup and refresh: an access token naming its session, and the user. */
  session: (userId: number, familyId: string) => authSessionFor(deps, userId, familyId, deps.clock.now()),
  refresh: (token: string) => rotateRefreshToken(deps, token),
  signout: (token: string) => revokeByToken(deps, token),
  forgotPassword: (email: string, request: HostRequest) => forgotPassword(deps, email, request),
  checkResetToken: (token: string) => checkResetToken(deps, token),
  resetPassword: (token: string, newPassword: string) => resetPassword(deps, token, newPassword),
});
