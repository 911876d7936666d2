import type { AuditAction, AuditEvent, AuditSystem } from '../api/contract/audit';
import { competitionYearLabel } from './competition';
import { deletedAccountName } from './privacy';
import { trackerProviders } from '../api/contract/tracker-providers';

/**
 * An audit entry in words, for the screen and the CSV export alike (the export has no internal
 * codes or raw JSON where the screen is readable).
 */

export const actionLabels: Record<AuditAction, string> = {
  'user.update': 'Employee updated',
  'user.delete': 'Employee deleted',
  'user.reset_password_mail': 'Reset mail sent',
  'bonus.change': 'Quarterly bonus changed',
  'level.change': 'Level changed',
  'auth.lockout': 'Sign-in locked',
  'auth.password_reset': 'Password reset',
  'tracker.connect': 'Tracker connected',
  'tracker.disconnect': 'Tracker disconnected',
  'auth.email_confirmed': 'E-mail confirmed',
  'invitation.send': 'Invitation sent',
  'invitation.resend': 'Invitation sent again',
  'invitation.revoke': 'Invitation revoked',
  'invitation.accept': 'Invitation accepted',
  'roster.import': 'Roster imported',
  'auth.sso_signin': 'Signed in with SSO',
  'auth.sso_signup': 'Joined with SSO',
  'auth.email_changed': 'E-mail changed',
  'team.create': 'Team created',
  'team.rename': 'Team renamed',
  'team.archive': 'Team archived',
  'team.assign': 'Team membership',
  'import_token.create': 'Phone app connected',
  'import_token.revoke': 'Phone app token revoked',
  'phone.import': 'Imported from a phone app',
};

/** Who the automatic actors are, in words. */
const systemLabels: Record<AuditSystem, string> = {
  'sign-in-protection': 'sign-in protection after repeated wrong passwords',
  'strava-deauthorization': 'Strava reported the access withdrawn',
  'single-sign-on': "the address's owner signed in with SSO; the unconfirmed account made in their name is gone",
};

const yesNo = (value: unknown) => (value ? 'yes' : 'no');
const capitalised = (value: unknown) => (typeof value === 'string' && value ? value[0]!.toUpperCase() + value.slice(1) : String(value));
const services: Record<string, string> = Object.fromEntries(trackerProviders.map((provider) => [provider.apiType, provider.label]));

/** "12 rows: 10 new, 2 duplicate": the counts of a roster import that are not zero. */
const rosterRows = (value: unknown) => {
  const counts = (value ?? {}) as Record<string, number>;
  const parts = Object.entries(counts).filter(([status, count]) => status !== 'total' && count > 0);
  return `${counts.total ?? 0}${parts.length ? ` (${parts.map(([status, count]) => `${count} ${status}`).join(', ')})` : ''}`;
};

/** Every field an entry's before and after can hold: its label and how its value reads. */
export const auditFields: Record<string, { label: string; text?: (value: unknown) => string }> = {
  firstName: { label: 'First name' },
  lastName: { label: 'Last name' },
  email: { label: 'E-mail' },
  dateOfBirth: { label: 'Date of birth' },
  gender: { label: 'Gender', text: capitalised },
  levelOfCompetition: { label: 'Level of competition' },
  year: { label: 'Competition year', text: (value) => competitionYearLabel(Number(value)) },
  firstQuarter: { label: 'First quarter bonus', text: yesNo },
  secondQuarter: { label: 'Second quarter bonus', text: yesNo },
  thirdQuarter: { label: 'Third quarter bonus', text: yesNo },
  fourthQuarter: { label: 'Fourth quarter bonus', text: yesNo },
  scope: { label: 'Locked for', text: (value) => (value === 'account' ? 'the account, from every address' : 'the account, from that address') },
  service: { label: 'Fitness service', text: (value) => services[String(value)] ?? String(value) },
  invitations: { label: 'Invitations sent' },
  rows: { label: 'Rows in the file', text: rosterRows },
  issuer: { label: 'Identity provider' },
  emailConfirmed: { label: 'E-mail confirmed', text: yesNo },
  passwordRemoved: { label: 'Password removed', text: yesNo },
  sessionsEnded: { label: 'Sign-ins ended' },
  reauthenticated: { label: 'Identity confirmed again', text: yesNo },
  tokenName: { label: 'Import token' },
  format: { label: 'Sent as', text: (value) => (value === 'health-auto-export' ? 'Health Auto Export' : 'Phone app JSON') },
  workoutsAdded: { label: 'Workouts added' },
  workoutsUpdated: { label: 'Workouts updated' },
  workoutsRemoved: { label: 'Workouts removed' },
  stepDaysTicked: { label: 'Step achievements', text: (value) => (Array.isArray(value) ? value.join(', ') : String(value)) },
};

/** A field not listed above still reads as words ("someField" -> "Some field"), never as code. */
const labelOf = (key: string) => auditFields[key]?.label ?? capitalised(key.replace(/([A-Z])/g, ' $1').toLowerCase());
const textOf = (key: string, value: unknown) => {
  if (value === null || value === undefined || value === '') return '(none)';
  const text = auditFields[key]?.text;
  return text ? text(value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
};

const parsed = (json: string | null) => (json ? (JSON.parse(json) as Record<string, unknown>) : null);

/**
 * What an entry changed, in words: "Fourth quarter bonus: no → yes" for each changed field, an
 * unchanged competition year as context ("Competition year: 2026/27"), "Label: value" when there is
 * one side only.
 */
export const changeText = (event: AuditEvent) => {
  const before = parsed(event.before);
  const after = parsed(event.after);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const parts = keys.flatMap((key) => {
    if (!before || !after) return [`${labelOf(key)}: ${textOf(key, (after ?? before)?.[key])}`];
    const same = JSON.stringify(before[key]) === JSON.stringify(after[key]);
    if (same) return key === 'year' ? [`${labelOf(key)}: ${textOf(key, after[key])}`] : [];
    return [`${labelOf(key)}: ${textOf(key, before[key])} → ${textOf(key, after[key])}`];
  });
  return parts.join('; ');
};

/** Who acted: the person's name, "deleted account" when it is gone, or which automatic part of the product did it. */
export const actorText = (event: AuditEvent) => {
  if (event.actorSystem) return `System (${systemLabels[event.actorSystem]})`;
  if (event.actorName) return event.actorId !== null && event.actorId === event.subjectId ? `${event.actorName} (themself)` : event.actorName;
  if (event.actorId !== null) return 'deleted account';
  return 'not recorded';
};

/**
 * The employee concerned, marked when their account no longer exists. A deletion erases the name
 * from the trail ("Deleted account #12", docs/product-rules.md#account-deletion): that says it already.
 */
export const subjectText = (event: AuditEvent) => {
  if (event.subjectId === null) return null;
  if (event.subjectDeleted && event.subjectName === deletedAccountName(event.subjectId)) return event.subjectName;
  if (event.subjectDeleted) return event.subjectName ? `${event.subjectName} (deleted account)` : 'deleted account';
  return event.subjectName ?? `#${event.subjectId}`;
};

/** The CSV export's columns: the screen's words, plus the ids and the address for tracing. */
export const AUDIT_CSV_HEADER = ['When (UTC)', 'Action', 'Employee', 'Employee id', 'Employee e-mail', 'By', 'By id', 'By role', 'Change'];

export const auditCsvRow = (event: AuditEvent) => [
  event.at,
  actionLabels[event.action],
  subjectText(event) ?? '',
  event.subjectId,
  event.subjectEmail,
  actorText(event),
  event.actorId,
  event.actorRole,
  changeText(event),
];
