import { integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Derived counts the admin overview reads instead of counting 100,000 rows per request
 * (docs/architecture.md#derived-state-and-its-keepers, docs/performance.md "Hot reads at full size").
 * Kept by the triggers of server/db/functions/overview.sql.
 */

/** Employees (role user) by the competition year in which they joined (created_at, in UTC). */
export const employeeJoins = pgTable('employee_joins', {
  competitionYear: smallint('competition_year').primaryKey(),
  employees: integer('employees').notNull(),
});

/** Tracker connections by service, and the row '*': employees with at least one connection. */
export const trackerCounts = pgTable('tracker_counts', {
  service: text('service').primaryKey(),
  connections: integer('connections').notNull(),
});
