import { createHash } from 'node:crypto';

/**
 * The checksum that freezes a committed migration (server/db/migrations/checksums.json): sha256 of
 * what the database runs. Whole-line SQL comments are left out, so a comment may be corrected
 * after deployment; every statement, and drizzle's `--> statement-breakpoint` markers that split
 * them, stay frozen, since deployed databases already ran them.
 */
export const migrationChecksum = (sql: string) =>
  createHash('sha256')
    .update(
      sql
        .split('\n')
        .filter((line) => !/^\s*--(?!>)/.test(line))
        .join('\n'),
    )
    .digest('hex');
