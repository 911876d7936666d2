import { z } from 'zod';
import { IdParams, PageQuery, endpoint, paged } from './common';
import * as field from './fields';
import { AuthSession } from './auth';

/** Where an invitation stands (expired: its link is past INVITATION_TTL_DAYS and was not used). */
export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const Invitation = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  levelOfCompetition: field.levelOfCompetition,
  status: z.enum(invitationStatuses),
  /** ISO date-times: when the current link was sent, and until when it works. */
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/** 'Invite' (admin): one person. */
export const InviteBody = z.object({ firstName: field.inviteeFirstName, lastName: field.inviteeLastName, email: field.inviteeEmail, levelOfCompetition: field.levelOfCompetition });
export type InviteBody = z.infer<typeof InviteBody>;

/** Rows a roster may hold (docs/access.md#invitations-and-roster-import-admins). */
export const ROSTER_MAX_ROWS = 20_000;
export const rosterTooManyRowsMessage = `A roster holds at most ${ROSTER_MAX_ROWS.toLocaleString('en')} rows; split the file`;
/**
 * Characters a roster may hold: enough for its most rows as an HR system exports them, with a dozen
 * columns besides the four read (about 500 characters a row), so the row limit is the one a real file meets.
 */
export const ROSTER_MAX_CHARACTERS = 10_000_000;
/** The JSON body that carries such a file: escapes and multi-byte UTF-8 (accented names) take up to three bytes a character. */
const ROSTER_MAX_BODY_BYTES = 3 * ROSTER_MAX_CHARACTERS + 1024;
/** The character limit as people read it ('10 MB'). */
export const ROSTER_MAX_SIZE_LABEL = `${ROSTER_MAX_CHARACTERS / 1_000_000} MB`;

/** The roster file as text (CSV, docs/access.md). */
export const RosterBody = z.object({ csv: z.string('Please choose a CSV file').min(1, 'The file is empty').max(ROSTER_MAX_CHARACTERS, `The file is larger than ${ROSTER_MAX_SIZE_LABEL}`) });

/** Each row of the file: new (invited on import), or why it is left out. */
export const rosterRowStatuses = ['new', 'invited', 'account', 'revoked', 'duplicate', 'error'] as const;
export type RosterRowStatus = (typeof rosterRowStatuses)[number];
export const RosterCounts = z.object({ total: z.number().int(), ...Object.fromEntries(rosterRowStatuses.map((status) => [status, z.number().int()])) } as Record<'total' | RosterRowStatus, z.ZodNumber>);
export type RosterCounts = z.infer<typeof RosterCounts>;

/** A row that will not be invited, with its line in the file and the reasons. */
export const RosterProblem = z.object({ line: z.number().int(), email: z.string(), status: z.enum(rosterRowStatuses), messages: z.array(z.string()) });
export type RosterProblem = z.infer<typeof RosterProblem>;

/** A row that will be invited: who, at which level, into which team (the preview lists them before anyone is). */
export const RosterInvitee = z.object({
  line: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  levelOfCompetition: field.levelOfCompetition,
  team: z.string().nullable(),
});
export type RosterInvitee = z.infer<typeof RosterInvitee>;

export const RosterPreview = z.object({ counts: RosterCounts, problems: z.array(RosterProblem), invitees: z.array(RosterInvitee) });
export type RosterPreview = z.infer<typeof RosterPreview>;
export const RosterImport = RosterPreview.extend({ invited: z.number().int() });
export type RosterImport = z.infer<typeof RosterImport>;

/** What the invitation page shows before the invitee sets a password. */
export const InvitationDetails = z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), levelOfCompetition: field.levelOfCompetition });
export type InvitationDetails = z.infer<typeof InvitationDetails>;

export const InvitationTokenQuery = z.object({ token: z.string('Invitation token is required').trim().min(1, 'Invitation token is required').max(256, 'Invitation token is invalid') });

/** Multipart fields of accepting an invitation (the photo travels as a file part named `photo`). */
export const AcceptInvitationBody = z.object({
  token: InvitationTokenQuery.shape.token,
  firstName: field.firstName,
  lastName: field.lastName,
  dateOfBirth: field.dateOfBirth,
  gender: field.gender,
  password: field.newPassword,
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const invitationEndpoints = {
  list: endpoint({ method: 'GET', path: '/access/invitations', auth: 'admin', query: PageQuery, status: 200, response: paged(Invitation) }),
  invite: endpoint({ method: 'POST', path: '/access/invitations', auth: 'admin', body: InviteBody, status: 201, response: Invitation }),
  resend: endpoint({ method: 'POST', path: '/access/invitations/:id/resend', auth: 'admin', params: IdParams, status: 200, response: Invitation }),
  revoke: endpoint({ method: 'DELETE', path: '/access/invitations/:id', auth: 'admin', params: IdParams, status: 204, response: null }),
  /** Nothing is written: what an import of this file would do, row by row. */
  previewRoster: endpoint({ method: 'POST', path: '/access/roster/preview', auth: 'admin', body: RosterBody, maxBodyBytes: ROSTER_MAX_BODY_BYTES, status: 200, response: RosterPreview }),
  /** Invites the file's new rows; the same file again changes nothing. */
  importRoster: endpoint({ method: 'POST', path: '/access/roster/import', auth: 'admin', body: RosterBody, maxBodyBytes: ROSTER_MAX_BODY_BYTES, status: 200, response: RosterImport }),
  details: endpoint({ method: 'GET', path: '/access/invitation', auth: 'guest', query: InvitationTokenQuery, status: 200, response: InvitationDetails }),
  accept: endpoint({ method: 'POST', path: '/access/invitation', auth: 'guest', body: AcceptInvitationBody, multipart: true, status: 201, response: AuthSession }),
};

/** The invitation page's form: the body without the token, plus the confirmation the server never sees. */
export const AcceptInvitationForm = AcceptInvitationBody.omit({ token: true })
  .extend({ confirmPassword: field.confirmPassword })
  .refine((value) => !value.confirmPassword || value.password === value.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" });
export type AcceptInvitationForm = z.infer<typeof AcceptInvitationForm>;
