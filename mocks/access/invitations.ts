import { ROSTER_MAX_ROWS, rosterTooManyRowsMessage, type AcceptInvitationBody, type Invitation, type InviteBody } from '@/contract/invitations';
import { invitationMail } from '@/domain/access-mails';
import { planRoster, type KnownAddress } from '@/domain/roster-plan';
import { parseRoster } from '@/domain/roster-csv';
import { mockClock } from '../clock';
import { findUserByEmail, mockDb, mockHash, nowIso, type MockInvitation } from '../db';
import { badRequest, conflict, emailTaken, notFound } from '../errors';
import { mockOutbox } from '../outbox';
import type { MockPhoto } from '../multipart';
import { randomToken } from '../random';
import { insertEmployee } from '../auth/accounts';
import { createRefreshSession } from '../auth/sessions';
import { mockAudit, mockAuditOwnAction } from '../handlers/audit';

/** The API's modules/access/invitations.ts over the mock db: same rules, codes and words. */
export const INVITATION_TTL_DAYS = 14;
const invalidInvitation = () => badRequest('This invitation link is invalid or has expired', 'INVALID_INVITATION');
const appOrigin = () => (typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost:3000');
const table = () => (mockDb.invitations ??= []);
const expiry = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000).toISOString();

const statusOf = (row: MockInvitation, now = mockClock.now()): Invitation['status'] =>
  row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : new Date(row.expiresAt) <= now ? 'expired' : 'pending';

const toInvitation = (row: MockInvitation): Invitation => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  levelOfCompetition: row.levelOfCompetition,
  status: statusOf(row),
  sentAt: new Date(row.sentAt).toISOString(),
  expiresAt: new Date(row.expiresAt).toISOString(),
});

/** A new link, mailed at once (the server mails from a job). */
const mailLink = (row: MockInvitation) => {
  const now = mockClock.now();
  row.token = randomToken(32);
  row.sentAt = now.toISOString();
  row.expiresAt = expiry(now);
  mockOutbox.send(invitationMail(row, `${appOrigin()}/signup?invitation=${encodeURIComponent(row.token)}`, INVITATION_TTL_DAYS));
};

const upsert = (invitee: InviteBody) => {
  const now = nowIso();
  let row = table().find((candidate) => candidate.email === invitee.email);
  if (row) Object.assign(row, invitee, { acceptedAt: null, revokedAt: null });
  else {
    row = { id: table().length + 1, ...invitee, token: '', createdAt: now, sentAt: now, expiresAt: now, acceptedAt: null, revokedAt: null };
    table().push(row);
  }
  mailLink(row);
  return row;
};

export const listInvitations = (page: number, pageSize: number) => {
  const rows = [...table()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return { rows: rows.slice((page - 1) * pageSize, page * pageSize).map(toInvitation), count: rows.length };
};

export const invite = (admin: { id: number; role: string }, body: InviteBody) => {
  if (findUserByEmail(body.email)) throw emailTaken();
  const row = upsert(body);
  mockAudit({ actor: admin, action: 'invitation.send', subject: null, after: body });
  return toInvitation(row);
};

const changeable = (id: number) => {
  const row = table().find((candidate) => candidate.id === id);
  if (!row) throw notFound('Invitation not found');
  if (row.acceptedAt) throw conflict('This invitation was accepted already');
  return row;
};

export const resendInvitation = (admin: { id: number; role: string }, id: number) => {
  const row = changeable(id);
  if (row.revokedAt) throw conflict('This invitation was revoked; invite the person again');
  mailLink(row);
  mockAudit({ actor: admin, action: 'invitation.resend', subject: null, after: { email: row.email } });
  return toInvitation(row);
};

export const revokeInvitation = (admin: { id: number; role: string }, id: number) => {
  const row = changeable(id);
  if (row.revokedAt) return;
  row.revokedAt = nowIso();
  mockAudit({ actor: admin, action: 'invitation.revoke', subject: null, before: { email: row.email } });
};

const planFile = (csv: string) => {
  const { rows, headerProblem } = parseRoster(csv);
  if (headerProblem) throw badRequest(headerProblem);
  if (rows.length > ROSTER_MAX_ROWS) throw badRequest(rosterTooManyRowsMessage);
  const known = (email: string): KnownAddress | undefined => {
    if (findUserByEmail(email)) return 'account';
    const row = table().find((candidate) => candidate.email === email);
    if (!row) return undefined;
    const status = statusOf(row);
    return status === 'pending' ? 'invited' : status === 'revoked' ? 'revoked' : 'renewable';
  };
  return planRoster(rows, known);
};

export const previewRoster = (csv: string) => {
  const { counts, problems } = planFile(csv);
  return { counts, problems };
};

export const importRoster = (admin: { id: number; role: string }, csv: string) => {
  const { rows, counts, problems } = planFile(csv);
  const invitees = rows.flatMap((row) => (row.invitee ? [row.invitee] : []));
  for (const invitee of invitees) upsert(invitee);
  if (invitees.length)
    mockAudit({ actor: admin, action: 'roster.import', subject: null, after: { invitations: invitees.length, rows: counts } });
  return { counts, problems, invited: invitees.length };
};

const usable = (token: string) => table().find((row) => row.token === token && statusOf(row) === 'pending') ?? null;

export const invitationDetails = (token: string) => {
  const row = usable(token);
  if (!row) throw invalidInvitation();
  return { email: row.email, firstName: row.firstName, lastName: row.lastName, levelOfCompetition: row.levelOfCompetition };
};

export const acceptInvitation = (fields: AcceptInvitationBody, photo: MockPhoto | undefined) => {
  const row = usable(fields.token);
  if (!row) throw invalidInvitation();
  if (findUserByEmail(row.email)) throw emailTaken();
  const now = nowIso();
  row.acceptedAt = now;
  const user = insertEmployee({ ...fields, email: row.email, passwordHash: mockHash(fields.password), levelOfCompetition: row.levelOfCompetition }, photo, { now, confirmed: true });
  mockAuditOwnAction(user, 'invitation.accept');
  return { userId: user.id, refreshToken: createRefreshSession(user.id) };
};
