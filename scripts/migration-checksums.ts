// `npm run db:checksums`: records the checksum of every NEW migration in server/db/migrations/checksums.json.
// A committed migration's statements never change (deployed databases already ran them): an entry
// that no longer matches its file is an error here and in tests/unit/migrations-immutable.test.ts.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationChecksum } from '../server/db/migration-checksum';

const folder = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'server', 'db', 'migrations');
const listPath = join(folder, 'checksums.json');
const recorded = JSON.parse(readFileSync(listPath, 'utf8')) as Record<string, string>;
let changed = false;
for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql')).sort()) {
  const sum = migrationChecksum(readFileSync(join(folder, file), 'utf8'));
  if (!(file in recorded)) {
    recorded[file] = sum;
    changed = true;
    console.info(`recorded ${file}`);
  } else if (recorded[file] !== sum) {
    console.error(`${file} changed after it was committed: add a new migration instead (see server/db/functions/ for replaceable SQL)`);
    process.exit(1);
  }
}
if (changed) writeFileSync(listPath, `${JSON.stringify(recorded, null, 2)}\n`);
