import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** Tables of the privacy self-service (docs/access.md#privacy-self-service). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * 'Download my data': one row per request, built by the `privacy.export` job. The archive is kept in
 * the database (every API process can answer the download) until `expires_at`, then purged.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready', 'failed'] }).notNull(),
    requestedAt: at('requested_at').notNull(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
    fileName: text('file_name'),
    archive: bytea('archive'),
  },
  (table) => [index('data_exports_user_idx').on(table.userId, table.requestedAt)],
);
