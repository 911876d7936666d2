import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A committed migration never changes, since deployed databases already ran it.
 * checksums.json freezes each file; `npm run db:checksums` records new ones and refuses changed ones.
 */
const folder = join(process.cwd(), 'server', 'db', 'migrations');
const sqlFiles = readdirSync(folder).filter((name) => name.endsWith('.sql')).sort();
const recorded = JSON.parse(readFileSync(join(folder, 'checksums.json'), 'utf8')) as Record<string, string>;
const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(folder, file))).digest('hex');

test.each(sqlFiles)('%s is unchanged since it was committed', (file) => {
  expect(recorded[file], `${file} has no checksum: run npm run db:checksums`).toBeDefined();
  expect(sha256(file), `${file} changed: add a new migration (or edit server/db/functions/) instead`).toBe(recorded[file]);
});

test('every recorded migration still exists, and the journal lists exactly the files, in order', () => {
  expect(Object.keys(recorded).sort()).toEqual(sqlFiles);
  expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(sqlFiles);
  expect(journal.entries.map((entry) => entry.idx)).toEqual(sqlFiles.map((_, index) => index));
});
