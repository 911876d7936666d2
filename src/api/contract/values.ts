/**
 * The contract's plain value lists, without zod: the SPA's first load (route search validation,
 * the login form) reads them without evaluating the contract's schemas. The schemas in common.ts,
 * users.ts and audit.ts are built from these very arrays.
 */
/** First competition year the product knows. */
export const COMPETITION_START_YEAR = 2022;

export const levels = ['Beginner', 'Intermediate', 'Advanced', 'Elite'] as const;
export const genders = ['male', 'female', 'other'] as const;
export const sortOrders = ['asc', 'desc'] as const;
/** Columns the admin users table sorts by (then last name, first name and id break ties). */
export const userSortColumns = ['lastName', 'firstName', 'email', 'gender', 'levelOfCompetition'] as const;
/** The admin search box: optional, trimmed, 1-100 characters, no control characters. */
export const SEARCH_MAX = 100;
/** Largest page of the admin lists. */
export const PAGE_MAX = 100_000;
/** What the audit trail records (admin actions and security events). */
export const auditActions = [
  'user.update',
  'user.delete',
  'user.reset_password_mail',
  'bonus.change',
  'level.change',
  'auth.lockout',
  'auth.password_reset',
  'tracker.connect',
  'tracker.disconnect',
  'auth.email_confirmed',
  'invitation.send',
  'invitation.resend',
  'invitation.revoke',
  'invitation.accept',
  'roster.import',
  'auth.sso_signin',
  'auth.sso_signup',
  'auth.email_changed',
  'team.create',
  'team.rename',
  'team.archive',
  'team.assign',
  'import_token.create',
  'import_token.revoke',
  'phone.import',
] as const;
/** The automatic parts of the product that act on their own and are named in the audit trail as such. */
export const auditSystems = ['sign-in-protection', 'strava-deauthorization', 'single-sign-on'] as const;
