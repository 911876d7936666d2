#!/usr/bin/env node
// `npm run db:checksums`: records the sha256 of every NEW migration in server/db/migrations/checksums.json.
// A committed migration never changes (deployed databases already ran it): an entry that no longer
// matches its file is an error here and in tests/unit/migrations-immutable.test.ts.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'server', 'db', 'migrations');
const listPath = join(folder, 'checksums.json');
const sha256 = (file) => createHash('sha256').update(readFileSync(join(folder, file))).digest('hex');
const recorded = JSON.parse(readFileSync(listPath, 'utf8'));
let changed = false;
for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql')).sort()) {
  const sum = sha256(file);
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
