import type { Logger } from '../../logger';
import type { SsoProfile, SsoProfileBody } from '@/contract/sso';
import { SSO_OTHER_ACCOUNT_MESSAGE, assertSsoNewcomerAllowed, namesOf, ssoFailed, ssoNotConfigured, teamClaimOf, verifiedEmailOf } from '@/domain/sso-rules';
import { toIsoDay } from '@/domain/days';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/access-token';
import type { Photo } from '../../http/multipart';
import { withStoredPhoto } from '../../http/photo-storage';
import { consumeRateLimit } from '../../http/rate-limit';
import { writeForUser } from '../../db/user-write-lock';
import { accessRepo } from '../access/repo';
import { scoringService } from '../scoring/service';
import { auditRepo } from '../audit/repo';
import { authRepo } from '../auth/repo';
import { emailTaken } from '../auth/service';
import { createRefreshSession, signedOut } from '../auth/sessions';
import { sha256 } from '../../http/tokens';
import { usersRepo } from '../users/repo';
import type { Newcomer } from './cookies';
import { beginSignIn, finishSignIn, type Reauthentication, type SignInAttempt } from './relying-party';
import { ssoRepo } from './repo';
import { trackerServiceOf } from '../trackers/tasks';
import { placeInTeam, teamNamed } from '../teams/membership';
import { teamsRepo } from '../teams/repo';
import { replaceUnconfirmedAccount } from './unconfirmed-account';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'trackers' | 'jobs' | 'photos' | 'metrics' | 'mailer'>;

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];

/**
 * The team the provider's claim names (created when none in play has that name), else the team of
 * the person's invitation; nothing changes without either (docs/product-rules.md#teams). The person
 * signing in is the actor; the caller holds their write lock or has just created them.
 */
const joinSsoTeam = async (tx: Tx, userId: number, claimed: string | null, invitedTeamId: number | null, now: Date) => {
  const actor = { id: userId, role: 'user' };
  const invited = invitedTeamId === null ? null : await teamsRepo(tx).findTeam(invitedTeamId);
  const teamId = claimed ? await teamNamed(tx, claimed, now, actor) : invited && !invited.archived ? invited.id : null;
  if (teamId !== null) await placeInTeam(tx, { userId, teamId, day: toIsoDay(now), at: now, actor });
};

const oidcOf = (deps: Deps) => deps.config.oidc ?? (() => { throw ssoNotConfigured(); })();

export type CallbackOutcome =
  | { kind: 'signed-in' | 'reauthenticated'; userId: number; refreshToken: string; familyId: string }
  | { kind: 'profile-required'; newcomer: Newcomer; profile: SsoProfile };

/**
 * An existing account, signed in and audited. An employee account whose address nobody had proven
 * never gets here (replaceUnconfirmedAccount: the owner starts as a newcomer); any other one
 * (an admin's) is claimed by the provider's word (docs/access.md#single-sign-on): confirmed, its
 * password removed and every sign-in ended, so whoever created it in the owner's name keeps no way in.
 */
const signInExisting = (deps: Deps, userId: number, issuer: string, team: string | null) => {
  const now = deps.clock.now();
  return writeForUser(deps.db, userId, async (tx) => {
    const repo = ssoRepo(tx);
    const claimed = await repo.claimUnconfirmedBySso(userId, now);
    const claim = claimed ? { emailConfirmed: true, passwordRemoved: claimed.hadPassword, sessionsEnded: await authRepo(tx).revokeAllSessionsOfUser(userId, now) } : {};
    if (claimed) {
      // Its confirmation links have nothing left to confirm; its months join the insight groups.
      await accessRepo(tx).expireConfirmationTokensOfUser(userId, now);
      await scoringService().rescoreConfirmed(tx, userId);
    }
    // The person signed themself in: they are the actor.
    await auditRepo(tx).auditOwnAction(userId, { at: now, action: 'auth.sso_signin', after: { issuer, ...claim } });
    // Employees follow the provider's team claim at each sign-in; admins compete in no team.
    if (team && (await usersRepo(tx).findUserRowById(userId))?.role === 'user') await joinSsoTeam(tx, userId, team, null, now);
    const session = await createRefreshSession(deps, tx, userId, now, 'sso');
    return { kind: 'signed-in' as const, userId, refreshToken: session.token, familyId: session.familyId };
  });
};

/**
 * An account about to be claimed keeps no tracker its creator connected: that could be someone
 * else's Strava or Fitbit, whose workouts would land in the owner's calendar (and Strava's data of
 * one athlete may be shown only to that athlete). Ended before the claim, so a failure here leaves
 * the account as it was and the sign-in can be tried again. (An employee's is replaced instead.)
 */
const endTrackersOfClaimed = (deps: Deps, userId: number, log: Logger) => trackerServiceOf(deps, log).disconnectAll(userId, log);

/**
 * 'Confirm with <label>' came back (docs/security.md#re-authentication): the provider took the
 * credentials of the very account signed in here again, just now (finishSignIn checked auth_time).
 * This browser gets a new sign-in, which is the recent sign-in deletion asks for; the one its
 * refresh cookie held ends. Another person at the provider changes nothing.
 */
const reauthenticated = async (deps: Deps, who: Reauthentication, email: string, issuer: string, refreshToken: string | undefined) => {
  const account = await usersRepo(deps.db).findUserRowByEmail(email);
  if (!account || account.id !== who.userId) throw ssoFailed(SSO_OTHER_ACCOUNT_MESSAGE);
  const now = deps.clock.now();
  const replaced = refreshToken ? await authRepo(deps.db).findSessionByHash(sha256(refreshToken)) : null;
  return deps.db.transaction(async (tx) => {
    if (replaced?.userId === account.id) await authRepo(tx).revokeFamily(replaced.familyId, now);
    await auditRepo(tx).auditOwnAction(account.id, { at: now, action: 'auth.sso_signin', after: { issuer, reauthenticated: true } });
    const session = await createRefreshSession(deps, tx, account.id, now, 'sso');
    return { kind: 'reauthenticated' as const, userId: account.id, refreshToken: session.token, familyId: session.familyId };
  });
};

/** The provider's answer: the account of the verified address, or a newcomer the sign-up policy admits; or a re-authentication. */
const callback = async (deps: Deps, attempt: SignInAttempt, search: string, log: Logger, refreshToken?: string): Promise<CallbackOutcome> => {
  const oidc = oidcOf(deps);
  const claims = await finishSignIn(oidc, attempt, search, log);
  const email = verifiedEmailOf(claims, oidc.buttonLabel);
  if (attempt.reauthenticate) return reauthenticated(deps, attempt.reauthenticate, email, claims.iss, refreshToken);
  let account = await usersRepo(deps.db).findUserRowByEmail(email);
  // An unconfirmed employee account made in the owner's name: nothing of it becomes the owner's.
  if (account && (await replaceUnconfirmedAccount(deps, account, log))) account = null;
  // (An employee's that is still here was confirmed meanwhile: it is the owner's.)
  if (account && account.emailConfirmedAt === null && account.role !== 'user') await endTrackersOfClaimed(deps, account.id, log);
  const team = teamClaimOf(claims, deps.config.teams.ssoClaim);
  if (account) return signInExisting(deps, account.id, claims.iss, team);
  const invitation = await ssoRepo(deps.db).findOpenInvitationByEmail(email, deps.clock.now());
  assertSsoNewcomerAllowed(deps.config.signup, email, invitation !== null);
  const names = invitation ? { firstName: invitation.firstName, lastName: invitation.lastName } : namesOf(claims);
  const newcomer: Newcomer = { email, ...names, team };
  return { kind: 'profile-required', newcomer, profile: { email, ...names, levelOfCompetition: invitation?.levelOfCompetition ?? null } };
};

/** What the profile form shows: the invitation's level when there is one (checked again on submit). */
const profileOf = async (deps: Deps, newcomer: Newcomer): Promise<SsoProfile> => {
  const invitation = await ssoRepo(deps.db).findOpenInvitationByEmail(newcomer.email, deps.clock.now());
  return { email: newcomer.email, firstName: newcomer.firstName, lastName: newcomer.lastName, levelOfCompetition: invitation?.levelOfCompetition ?? null };
};

/**
 * Creates the newcomer's account, confirmed by construction (the provider verified the address),
 * at the invitation's level if invited, else the chosen one. It has no password (an empty hash, which
 * no password matches): 'Forgot password?' can set one where password sign-in is on, and
 * re-authentication asks for a recent sign-in instead (docs/security.md#re-authentication).
 */
const complete = async (deps: Deps, newcomer: Newcomer, fields: SsoProfileBody, photo: Photo | null, address: string) => {
  const oidc = oidcOf(deps);
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, { ...rateLimitRules.signupPerAddress, limit: deps.config.signupsPerAddressPerHour }, address, now);
  if (photo) await consumeRateLimit(deps.db, rateLimitRules.uploadBytesPerAddress, address, now, photo.bytes.length);
  if (await usersRepo(deps.db).findUserRowByEmail(newcomer.email)) throw emailTaken();
  const invited = await ssoRepo(deps.db).findOpenInvitationByEmail(newcomer.email, now);
  assertSsoNewcomerAllowed(deps.config.signup, newcomer.email, invited !== null);
  const passwordHash = '';
  return withStoredPhoto(deps.photos, photo, (profilePicture) =>
    deps.db.transaction(async (tx) => {
      const invitation = invited ? await ssoRepo(tx).acceptInvitationByEmail(newcomer.email, now) : null;
      // Revoked or expired since the check: the policy alone decides now.
      if (invited && !invitation) assertSsoNewcomerAllowed(deps.config.signup, newcomer.email, false);
      const level = invitation?.levelOfCompetition ?? fields.levelOfCompetition;
      const repo = authRepo(tx);
      // No password: the company account is the way in (docs/access.md).
      const person = { ...fields, email: newcomer.email, passwordHash, levelOfCompetition: level, profilePicture };
      const userId = await repo.insertEmployee(person, { now, confirmed: true });
      const audits = auditRepo(tx);
      await audits.auditOwnAction(userId, { at: now, action: 'auth.sso_signup', after: { issuer: oidc.issuer, levelOfCompetition: level } });
      if (invitation) await audits.auditOwnAction(userId, { at: now, action: 'invitation.accept' });
      await joinSsoTeam(tx, userId, newcomer.team ?? null, invitation?.teamId ?? null, now);
      const session = await createRefreshSession(deps, tx, userId, now, 'sso');
      return { userId, refreshToken: session.token, familyId: session.familyId };
    }),
  );
};

/** 'Confirm with <label>' for the signed-in employee: the provider's page asks for their credentials again. */
const startReauthentication = async (deps: Deps, caller: AuthUser, log: Logger) => {
  const oidc = oidcOf(deps);
  const account = await usersRepo(deps.db).findUserRowById(caller.id);
  if (!account) throw signedOut();
  return beginSignIn(oidc, log, { userId: account.id, email: account.email });
};

/** Single sign-on with OpenID Connect (docs/access.md#single-sign-on). */
export const ssoService = (deps: Deps) => ({
  start: (log: Logger) => beginSignIn(oidcOf(deps), log),
  startReauthentication: (caller: AuthUser, log: Logger) => startReauthentication(deps, caller, log),
  /** `refreshToken`: this browser's sign-in, which a re-authentication replaces. */
  callback: (attempt: SignInAttempt, search: string, log: Logger, refreshToken?: string) => callback(deps, attempt, search, log, refreshToken),
  profile: (newcomer: Newcomer) => profileOf(deps, newcomer),
  complete: (newcomer: Newcomer, fields: SsoProfileBody, photo: Photo | null, address: string) => complete(deps, newcomer, fields, photo, address),
});
