import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * Personal import tokens ('Connect a phone app', docs/trackers.md#phone-apps): a phone app pushes
 * workouts and steps with one as its bearer. Only the SHA-256 of the token is kept; a revoked token
 * keeps its row (so its next use is told it was revoked) and leaves with its owner.
 */
export const importTokens = pgTable(
  'import_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the employee called it ('iPhone', 'Tasker'). */
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The last import it carried (well-formed requests only). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('import_tokens_hash_unique').on(table.tokenHash), index('import_tokens_user_idx').on(table.userId)],
);
