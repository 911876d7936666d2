import type { DbOrTx } from '../../db/client';
import { ROSTER_MAX_ROWS, rosterTooManyRowsMessage, type AcceptInvitationBody, type Invitation, type InviteBody } from '@/contract/invitations';
import { invitationMail } from '@/domain/access-mails';
import { badRequest, conflict, notFound } from '@/domain/errors';
import { planRoster, type KnownAddress } from '@/domain/roster-plan';
import { parseRoster } from '@/domain/roster-csv';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/access-token';
import type { Photo } from '../../http/multipart';
import { withStoredPhoto } from '../../http/photo-storage';
import { randomToken, sha256 } from '../../http/tokens';
import { auditRepo } from '../audit/repo';
import { authRepo } from '../auth/repo';
import { emailTaken } from '../auth/service';
import { createRefreshSession } from '../auth/sessions';
import { invitationsRepo, type InvitationRow, type NewInvitation } from './invitations-repo';
import { placeInTeam, teamNamed } from '../teams/membership';
import { teamsRepo } from '../teams/repo';
import { toIsoDay } from '@/domain/days';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'jobs' | 'passwords' | 'photos'>;

export const INVALID_INVITATION_MESSAGE = 'This invitation link is invalid or has expired';
export const invalidInvitation = () => badRequest(INVALID_INVITATION_MESSAGE, 'INVALID_INVITATION');
/** Rows per insert and invitees per mail job: 10,000 rows are ten statements and forty jobs. */
const BATCH = 1000;
const MAILS_PER_JOB = 250;

const statusOf = (row: InvitationRow, now: Date): Invitation['status'] =>
  row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending';

export const toInvitation = (row: InvitationRow, now: Date): Invitation => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  levelOfCompetition: row.levelOfCompetition,
  status: statusOf(row, now),
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const expiry = (deps: Deps, now: Date) => new Date(now.getTime() + deps.config.invitationTtlDays * 24 * 60 * 60 * 1000);
/** A placeholder link nobody knows: the mail job issues the real one (the raw token lives only in the mail). */
const unmailedToken = () => sha256(randomToken(32));

const queueMails = async (deps: Deps, ids: number[], tx: DbOrTx) => {
  for (let start = 0; start < ids.length; start += MAILS_PER_JOB) await deps.jobs.send('mail.invitations', { ids: ids.slice(start, start + MAILS_PER_JOB) }, { tx });
};

/** The mail job: a fresh link per owed mail; a retry skips the invitees already mailed. */
export const mailInvitations = async (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>, ids: number[]) => {
  const repo = invitationsRepo(deps.db);
  for (const id of ids) {
    const row = await repo.findInvitation(id);
    const now = deps.clock.now();
    if (!row || row.mailedAt || row.acceptedAt || row.revokedAt) continue;
    const token = randomToken(32);
    await repo.renewInvitationLink(id, sha256(token), now, new Date(now.getTime() + deps.config.invitationTtlDays * 24 * 60 * 60 * 1000), false);
    await deps.mailer.send(invitationMail(row, `${deps.config.appOrigin}/signup?invitation=${encodeURIComponent(token)}`, deps.config.invitationTtlDays));
    await repo.markInvitationMailed(id, now);
  }
};

const invite = async (deps: Deps, admin: AuthUser, body: InviteBody) => {
  const now = deps.clock.now();
  const repo = invitationsRepo(deps.db);
  if ((await repo.accountEmailsAmong([body.email])).size) throw emailTaken();
  const id = await deps.db.transaction(async (tx) => {
    const [saved] = await invitationsRepo(tx).upsertInvitations([{ ...body, tokenHash: unmailedToken(), invitedBy: admin.id, createdAt: now, sentAt: now, expiresAt: expiry(deps, now) }]);
    await auditRepo(tx).audit({ at: now, actor: admin, action: 'invitation.send', subject: null, after: body });
    await queueMails(deps, [saved!], tx);
    return saved!;
  });
  return toInvitation((await repo.findInvitation(id))!, now);
};

const changeable = async (deps: Deps, id: number) => {
  const row = await invitationsRepo(deps.db).findInvitation(id);
  if (!row) throw notFound('Invitation not found');
  if (row.acceptedAt) throw conflict('This invitation was accepted already');
  return row;
};

const resend = async (deps: Deps, admin: AuthUser, id: number) => {
  const row = await changeable(deps, id);
  if (row.revokedAt) throw conflict('This invitation was revoked; invite the person again');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await invitationsRepo(tx).renewInvitationLink(id, unmailedToken(), now, expiry(deps, now), false);
    await auditRepo(tx).audit({ at: now, actor: admin, action: 'invitation.resend', subject: null, after: { email: row.email } });
    await queueMails(deps, [id], tx);
  });
  return toInvitation((await invitationsRepo(deps.db).findInvitation(id))!, now);
};

const revoke = async (deps: Deps, admin: AuthUser, id: number) => {
  const row = await changeable(deps, id);
  if (row.revokedAt) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await invitationsRepo(tx).revokeInvitation(id, now);
    await auditRepo(tx).audit({ at: now, actor: admin, action: 'invitation.revoke', subject: null, before: { email: row.email } });
  });
};

/** Reads and checks a roster against the database; nothing is written. */
const planFile = async (deps: Deps, csv: string) => {
  const { rows, headerProblem } = parseRoster(csv);
  if (headerProblem) throw badRequest(headerProblem);
  if (rows.length > ROSTER_MAX_ROWS) throw badRequest(rosterTooManyRowsMessage);
  const repo = invitationsRepo(deps.db);
  const emails = [...new Set(rows.map((row) => row.email.toLowerCase()))];
  const accounts = new Set<string>();
  const known = new Map<string, KnownAddress>();
  const now = deps.clock.now();
  for (let start = 0; start < emails.length; start += BATCH) {
    const slice = emails.slice(start, start + BATCH);
    for (const email of await repo.accountEmailsAmong(slice)) accounts.add(email);
    for (const row of await repo.invitationsByEmails(slice)) {
      const status = statusOf(row, now);
      known.set(row.email, status === 'pending' ? 'invited' : status === 'revoked' ? 'revoked' : 'renewable');
    }
  }
  return planRoster(rows, (email) => (accounts.has(email) ? 'account' : known.get(email)));
};

const preview = async (deps: Deps, csv: string) => {
  const { counts, problems, invitees } = await planFile(deps, csv);
  return { counts, problems, invitees };
};

/** An invitee of a roster's team joins it with their account, from the day they join (unless it was archived meanwhile). */
const joinInvitedTeam = async (tx: DbOrTx, teamId: number | null, userId: number, now: Date) => {
  if (teamId === null || (await teamsRepo(tx).findTeam(teamId))?.archived !== false) return;
  await placeInTeam(tx, { userId, teamId, day: toIsoDay(now), at: now, actor: { id: userId, role: 'user' } });
};

const importRoster = async (deps: Deps, admin: AuthUser, csv: string) => {
  const { rows, counts, problems, invitees: listed } = await planFile(deps, csv);
  const now = deps.clock.now();
  const planned = rows.flatMap((row) => (row.invitee ? [row.invitee] : []));
  const invitees: NewInvitation[] = [];
  if (planned.length > 0) {
    await deps.db.transaction(async (tx) => {
      const repo = invitationsRepo(tx);
      // The roster's team column names teams: one in play of that name, else a new one (docs/product-rules.md#teams).
      const teamIds = new Map<string, number>();
      for (const name of new Set(planned.flatMap((invitee) => (invitee.team ? [invitee.team] : [])))) teamIds.set(name, await teamNamed(tx, name, now, admin));
      for (const { team, ...invitee } of planned) {
        invitees.push({ ...invitee, teamId: team ? teamIds.get(team)! : null, tokenHash: unmailedToken(), invitedBy: admin.id, createdAt: now, sentAt: now, expiresAt: expiry(deps, now) });
      }
      const ids: number[] = [];
      for (let start = 0; start < invitees.length; start += BATCH) ids.push(...(await repo.upsertInvitations(invitees.slice(start, start + BATCH))));
      await auditRepo(tx).audit({ at: now, actor: admin, action: 'roster.import', subject: null, after: { invitations: ids.length, rows: counts } });
      await queueMails(deps, ids, tx);
    });
  }
  return { counts, problems, invitees: listed, invited: invitees.length };
};

const details = async (deps: Deps, token: string) => {
  const row = await invitationsRepo(deps.db).findUsableInvitation(sha256(token), deps.clock.now());
  if (!row) throw invalidInvitation();
  return { email: row.email, firstName: row.firstName, lastName: row.lastName, levelOfCompetition: row.levelOfCompetition };
};

/** Sets the password and completes the profile: the account exists from here, confirmed by construction, signed in. */
const accept = async (deps: Deps, fields: AcceptInvitationBody, photo: Photo | null) => {
  const now = deps.clock.now();
  const tokenHash = sha256(fields.token);
  const invitation = await invitationsRepo(deps.db).findUsableInvitation(tokenHash, now);
  if (!invitation) throw invalidInvitation();
  if ((await invitationsRepo(deps.db).accountEmailsAmong([invitation.email])).size) throw emailTaken();
  const passwordHash = await deps.passwords.hash(fields.password);
  return withStoredPhoto(deps.photos, photo, (profilePicture) =>
    deps.db.transaction(async (tx) => {
      const accepted = await invitationsRepo(tx).acceptInvitation(tokenHash, now);
      if (!accepted) throw invalidInvitation(); // used by a concurrent request meanwhile
      const repo = authRepo(tx);
      const person = { ...fields, email: accepted.email, passwordHash, levelOfCompetition: accepted.levelOfCompetition, profilePicture };
      const userId = await repo.insertEmployee(person, { now, confirmed: true });
      await auditRepo(tx).auditOwnAction(userId, { at: now, action: 'invitation.accept' });
      await joinInvitedTeam(tx, accepted.teamId, userId, now);
      const session = await createRefreshSession(deps, tx, userId, now, 'password');
      return { userId, refreshToken: session.token, familyId: session.familyId };
    }),
  );
};

export const invitationsService = (deps: Deps) => ({
  list: async (page: number, pageSize: number) => {
    const now = deps.clock.now();
    const { rows, count } = await invitationsRepo(deps.db).invitationsPage(page, pageSize);
    return { rows: rows.map((row) => toInvitation(row, now)), count };
  },
  invite: (admin: AuthUser, body: InviteBody) => invite(deps, admin, body),
  resend: (admin: AuthUser, id: number) => resend(deps, admin, id),
  revoke: (admin: AuthUser, id: number) => revoke(deps, admin, id),
  preview: (csv: string) => preview(deps, csv),
  importRoster: (admin: AuthUser, csv: string) => importRoster(deps, admin, csv),
  details: (token: string) => details(deps, token),
  accept: (fields: AcceptInvitationBody, photo: Photo | null) => accept(deps, fields, photo),
});
