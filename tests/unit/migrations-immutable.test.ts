import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrationChecksum } from '../../server/db/migration-checksum';

/**
 * A committed migration's statements never change, since deployed databases already ran them.
 * checksums.json freezes each file (its comments aside: server/db/migration-checksum.ts);
 * `npm run db:checksums` records new ones and refuses changed ones.
 */
const folder = join(process.cwd(), 'server', 'db', 'migrations');
const sqlFiles = readdirSync(folder).filter((name) => name.endsWith('.sql')).sort();
const recorded = JSON.parse(readFileSync(join(folder, 'checksums.json'), 'utf8')) as Record<string, string>;
const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
const checksumOf = (file: string) => migrationChecksum(readFileSync(join(folder, file), 'utf8'));

test.each(sqlFiles)('%s is unchanged since it was committed', (file) => {
  expect(recorded[file], `${file} has no checksum: run npm run db:checksums`).toBeDefined();
  expect(checksumOf(file), `${file} changed: add a new migration (or edit server/db/functions/) instead`).toBe(recorded[file]);
});

test('every recorded migration still exists, and the journal lists exactly the files, in order', () => {
  expect(Object.keys(recorded).sort()).toEqual(sqlFiles);
  expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(sqlFiles);
  expect(journal.entries.map((entry) => entry.idx)).toEqual(sqlFiles.map((_, index) => index));
});

test('a corrected comment keeps the checksum; a changed statement or breakpoint does not', () => {
  const migration = 'ALTER TABLE "t" ADD COLUMN "c" int;--> statement-breakpoint\n-- Why: see the docs.\nCREATE INDEX "i" ON "t" ("c");';
  expect(migrationChecksum(migration.replace('see the docs', 'docs/product-rules.md'))).toBe(migrationChecksum(migration));
  expect(migrationChecksum(migration.replace('int', 'bigint'))).not.toBe(migrationChecksum(migration));
  expect(migrationChecksum(migration.replace('--> statement-breakpoint', ''))).not.toBe(migrationChecksum(migration));
  expect(migrationChecksum('SELECT 1;\n--> statement-breakpoint\nSELECT 2;')).not.toBe(migrationChecksum('SELECT 1;\nSELECT 2;'));
});
