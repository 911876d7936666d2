import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { createTestApp } from '../helpers/test-app';
import { outboxMailer } from '../../../server/mail/transport';
import { addUser, authHeader } from '../helpers/competition-seed';

/** Product rules: Account deletion. No queued job and no outbox mail keeps the person's address afterwards. */

/** Every table of every schema (the app's, pg-boss's) whose rows, as text, hold `needle`: 'schema.table' each. */
const tablesNaming = async (db: Awaited<ReturnType<typeof createTestApp>>['db'], needle: string) => {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
                          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [hit] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${name} t where strpos(lower(t::text), '${needle.toLowerCase().replaceAll("'", "''")}') > 0`)));
    if (hit!.n > 0) found.push(name);
  }
  return found;
};

/** Every file under `dir` whose bytes hold `needle` (any case), by path relative to `dir`. */
const filesNaming = (dir: string, needle: string, prefix = ''): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesNaming(path, needle, `${prefix}${name}/`);
    return readFileSync(path, 'latin1').toLowerCase().includes(needle.toLowerCase()) ? [`${prefix}${name}`] : [];
  });

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

test('after a deletion, a search of the whole database and of every file in DATA_DIR finds the address nowhere', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-traces-'));
  const ctx = await createTestApp({ config: { dataDir }, mailer: outboxMailer(dataDir, 'Wellness Challenge <no-reply@localhost>', { info: () => undefined }) });
  const admin = await addUser(ctx.db, { role: 'admin' });
  const person = await addUser(ctx.db, { firstName: 'Gone' });
  const other = await addUser(ctx.db, { firstName: 'Stays' });
  // Mail that really went out (a finished job and an outbox file each), an admin's reset mail, and one still queued.
  for (const email of [person.email, other.email]) {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).statusCode).toBeLessThan(300);
  }
  const adminHeaders = await authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
  expect((await ctx.app.inject({ method: 'POST', url: `/api/users/${person.id}/reset-password`, headers: adminHeaders })).statusCode).toBeLessThan(300);
  await ctx.jobs.send('mail.forgot-password', { email: person.email }, { startAfter: new Date(Date.now() + 60 * 60 * 1000) });
  // The search sees them before the deletion: it can fail.
  expect(await tablesNaming(ctx.db, person.email)).toContain('pgboss.job');
  expect(filesNaming(dataDir, person.email).length).toBeGreaterThan(0);

  expect((await ctx.app.inject({ method: 'DELETE', url: `/api/users/${person.id}`, headers: adminHeaders })).statusCode).toBe(204);

  expect(await tablesNaming(ctx.db, person.email)).toEqual([]);
  expect(filesNaming(dataDir, person.email)).toEqual([]);
  // The colleague's mail and jobs are untouched.
  expect(await tablesNaming(ctx.db, other.email)).toEqual(expect.arrayContaining(['public.users', 'pgboss.job']));
  expect(filesNaming(dataDir, other.email).length).toBeGreaterThan(0);
  await ctx.app.close();
});
