import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { createTestApp } from '../helpers/test-app';
import { outboxMailer } from '../../../server/mail/transport';
import { addUser, authHeader } from '../helpers/competition-seed';

/** Product rules: Account deletion. No queued job and no outbox mail keeps the person's address afterwards. */

let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test("deleting an account removes the jobs whose payload names its address and the outbox mails that name it; others' stay", async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-traces-'));
  // The outbox the server writes without SMTP, in this data folder.
  const ctx = await createTestApp({ config: { dataDir }, mailer: outboxMailer(dataDir, 'Wellness Challenge <no-reply@localhost>', { info: () => undefined }) });
  const admin = await addUser(ctx.db, { role: 'admin' });
  const person = await addUser(ctx.db, { firstName: 'Gone' });
  const other = await addUser(ctx.db, { firstName: 'Stays' });
  // A reset mail waiting for later (as one queued for retry), for both.
  const later = new Date(Date.now() + 60 * 60 * 1000);
  for (const email of [person.email, other.email]) await ctx.jobs.send('mail.forgot-password', { email: email.toUpperCase() }, { startAfter: later });
  mkdirSync(join(dataDir, 'outbox'), { recursive: true });
  writeFileSync(join(dataDir, 'outbox', '1-reset.eml'), `To: ${person.email}\r\nSubject: Reset\r\n\r\nHello`);
  writeFileSync(join(dataDir, 'outbox', '2-reset.eml'), `To: ${other.email}\r\nSubject: Reset\r\n\r\nHello`);

  const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${person.id}`, headers: await authHeader(ctx.db, admin, ctx.config, ctx.clock.now()) });
  expect(deleted.statusCode).toBe(204);

  const naming = async (email: string) =>
    rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from pgboss.job where strpos(lower(data::text), ${email.toLowerCase()}) > 0`))[0]!.n;
  expect(await naming(person.email)).toBe(0);
  expect(await naming(other.email)).toBe(1);
  expect(readdirSync(join(dataDir, 'outbox'))).toEqual(['2-reset.eml']);
  await ctx.app.close();
});
