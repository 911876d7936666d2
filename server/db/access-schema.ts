import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema';
import { teams } from './teams-schema';

/** Tables of who gets in (docs/access.md): confirmation links and invitations. */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Single-use links that confirm a self-made account's e-mail address, or a changed one (stored hashed). */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The address this link was mailed to: the account's own, or the new one it asked for (users.pending_email); null only in links from before migration 0034, which confirm nothing. */
    email: text('email'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [uniqueIndex('email_confirmation_tokens_hash_unique').on(table.tokenHash), index('email_confirmation_tokens_user_idx').on(table.userId)],
);

/**
 * One row per invited address (lower-case, unique): sending again replaces the link, so a roster
 * uploaded twice changes nothing. Accepted when the invitee set a password; the account then exists.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    levelOfCompetition: text('level_of_competition', { enum: ['Beginner', 'Intermediate', 'Advanced', 'Elite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at').notNull().defaultNow(),
    /** Null while the mail of the current link is owed (the mail job sets it; a retry skips mailed rows). */
    mailedAt: at('mailed_at'),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
    /** The team of the roster's `team` column: the invitee joins it with their account (docs/product-rules.md#teams). */
    teamId: integer('team_id').references(() => teams.id),
  },
  (table) => [uniqueIndex('invitations_email_unique').on(table.email), uniqueIndex('invitations_token_hash_unique').on(table.tokenHash), index('invitations_created_idx').on(table.createdAt, table.id)],
);
