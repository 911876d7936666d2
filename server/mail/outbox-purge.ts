import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Outbox mails (no SMTP: DATA_DIR/outbox/*.eml) that name the person are removed after the deletion commits. */
export const purgeOutboxOf = async (dataDir: string, email: string) => {
  const outbox = join(dataDir, 'outbox');
  const names = await readdir(outbox).catch(() => [] as string[]);
  const address = email.toLowerCase();
  let removed = 0;
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const text = await readFile(join(outbox, name), 'utf8').catch(() => '');
    if (!text.toLowerCase().includes(address)) continue;
    await rm(join(outbox, name), { force: true });
    removed += 1;
  }
  return removed;
};
