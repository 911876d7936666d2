import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, refreshSessions, trackerConnections, userLevels, users } from '../../../server/db/schema';
import { teamMemberships, teams } from '../../../server/db/teams-schema';
import { rowsOf } from '../../../server/db/rows';
import { uploadsDir } from '../../../server/photos/disk-photo-store';
import { SESSION_CHECK_TTL_MS } from '../../../server/http/session-liveness';
import { hashPassword } from '../../../server/passwords/argon2';
import { startIdentityProvider, type TestIdentityProvider } from '../../support/identity-provider';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { logActivity, logEvent, logSteps } from '../helpers/competition-seed';
import { PASSWORD } from '../auth/fixtures';
import { REDIRECT_URI, cookieOf, profileForm, ssoConfig, ssoRoundTrip } from './sso-helpers';

/**
 * Finding 9 of the review: someone signs up with a colleague's address and never confirms it, then
 * fills the account (names, photo, level, workouts, steps, events, a team). When the address's
 * owner arrives through the identity provider, nothing of that may be published under the owner's
 * name: the owner starts from the provider's identity, as a newcomer.
 */

let idp: TestIdentityProvider;
let dataDir: string;
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;

beforeAll(async () => {
  await testDatabase();
  idp = await startIdentityProvider({ redirectUris: [REDIRECT_URI] });
  idp.addAccount({ email: 'jane@example.com', emailVerified: true, givenName: 'Jane', familyName: 'Doe' });
});
afterAll(() => idp.close());
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wc-sso-claim-'));
});
afterEach(async () => {
  await ctx?.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PHOTO = `${'c'.repeat(32)}.png`;

/** The impostor's account under jane@example.com, never confirmed, full of what they made; signed in. */
const plantAccount = async () => {
  await mkdir(uploadsDir(dataDir), { recursive: true });
  await writeFile(join(uploadsDir(dataDir), PHOTO), 'png');
  const [planted] = await ctx.db
    .insert(users)
    .values({ role: 'user', email: 'jane@example.com', passwordHash: await hashPassword(PASSWORD), firstName: 'Mallory', lastName: 'Masquerade', dateOfBirth: '1970-01-01', gender: 'male', levelOfCompetition: 'Elite', profilePicture: PHOTO, emailConfirmedAt: null })
    .returning();
  const id = planted!.id;
  await ctx.db.insert(userLevels).values({ userId: id, competitionYear: 2026, levelOfCompetition: 'Elite' });
  await logActivity(ctx.db, id, '2026-11-20', 300, { name: 'Planted marathon' });
  await logSteps(ctx.db, id, '2026-11-21');
  await logEvent(ctx.db, id, '2026-11-19', true);
  const [team] = await ctx.db.insert(teams).values({ name: 'Night Owls' }).returning();
  await ctx.db.insert(teamMemberships).values({ userId: id, teamId: team!.id, startsOn: '2026-11-01' });
  await ctx.db.insert(trackerConnections).values({ userId: id, service: 'STRAVA', externalUserId: '4242', accessToken: 'not-a-sealed-token' });
  const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } });
  expect(signedIn.statusCode).toBe(200);
  return { id, signedIn, accessToken: (signedIn.json() as { accessToken: string }).accessToken };
};

/** Rows naming `userId` in every table with a user_id column (from the catalogue: later tables are covered). */
const rowsNaming = async (userId: number) => {
  const tables = rowsOf<{ table_name: string }>(await ctx.db.execute(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by 1`)).map((row) => row.table_name);
  const left: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(await ctx.db.execute(sql.raw(`select count(*)::int as n from "${table}" where user_id = ${userId}`)));
    if (row!.n > 0) left[table] = row!.n;
  }
  return left;
};

/** Every text value of the database that mentions one of `needles`. */
const mentionsOf = async (needles: string[]) => {
  const columns = rowsOf<{ table_name: string; column_name: string }>(await ctx.db.execute(sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying') order by 1, 2`));
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns)
    for (const needle of needles) {
      const [row] = rowsOf<{ n: number }>(await ctx.db.execute(sql.raw(`select count(*)::int as n from "${table}" where "${column}" ilike '%${needle}%'`)));
      if (row!.n > 0) found.push(`${table}.${column} ~ ${needle}`);
    }
  return found;
};

const withCookie = (form: ReturnType<typeof profileForm>, cookie: string) => ({ payload: form.payload, headers: { ...form.headers, cookie } });

test('the owner starts from the provider: nothing the impostor wrote survives, and the impostor keeps no way in', async () => {
  ctx = await createTestApp({ config: ssoConfig(idp, { dataDir }) });
  const impostor = await plantAccount();

  const callback = await ssoRoundTrip(ctx.app, 'jane@example.com');
  expect(callback.statusCode).toBe(200);
  // The provider's names, no level chosen: the owner fills the profile as a newcomer does.
  expect(callback.json()).toEqual({ status: 'profile-required', profile: { email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', levelOfCompetition: null } });
  expect(await ctx.db.select().from(users)).toEqual([]);
  expect(await rowsNaming(impostor.id)).toEqual({});
  expect(await mentionsOf(['Mallory', 'Masquerade', 'Planted marathon'])).toEqual([]);
  expect(await readdir(uploadsDir(dataDir))).toEqual([]);
  const [deletion] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.delete'));
  expect(deletion).toMatchObject({ subjectId: impostor.id, actorId: null, actorSystem: 'single-sign-on', after: JSON.stringify({ deletedBy: 'sso-claim' }) });

  // The impostor's password, refresh cookie and access token open nothing.
  expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } })).statusCode).toBe(401);
  expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: cookieOf(impostor.signedIn, 'wc_refresh')! } })).statusCode).toBe(401);
  await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 50));
  expect((await ctx.app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: { authorization: `Bearer ${impostor.accessToken}` } })).statusCode).toBe(401);

  // The owner's own account: their profile, their level, nothing else.
  const created = await ctx.app.inject({ method: 'POST', url: '/api/auth/sso/profile', ...withCookie(profileForm({ firstName: 'Jane', lastName: 'Doe' }), cookieOf(callback, 'wc_sso_newcomer')!) });
  expect(created.statusCode).toBe(201);
  const [owner] = await ctx.db.select().from(users);
  expect(owner).toMatchObject({ email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', gender: 'female', dateOfBirth: '1990-06-15', levelOfCompetition: 'Advanced', profilePicture: null, passwordHash: '' });
  expect(owner!.emailConfirmedAt).not.toBeNull();
  const { refresh_sessions: sessions, user_levels: levels, ...rest } = await rowsNaming(owner!.id);
  expect({ sessions, levels, rest }).toEqual({ sessions: 1, levels: 1, rest: {} });
  expect(await ctx.db.select().from(refreshSessions).where(eq(refreshSessions.userId, impostor.id))).toEqual([]);
  expect(await mentionsOf(['Mallory', 'Masquerade', 'Planted marathon'])).toEqual([]);
});

test('where the sign-up policy would not let the owner join, the sign-in is refused and nothing is deleted', async () => {
  ctx = await createTestApp({ config: ssoConfig(idp, { dataDir, signup: { signupMode: 'invite', emailDomains: [], fromEnvironment: true } }) });
  const impostor = await plantAccount();
  const callback = await ssoRoundTrip(ctx.app, 'jane@example.com');
  expect(callback.statusCode).toBe(403);
  expect(callback.json()).toMatchObject({ serverCode: 'INVITATION_REQUIRED' });
  expect(await rowsNaming(impostor.id)).toMatchObject({ activities: 1, team_memberships: 1 });
  expect((await ctx.db.select().from(users))[0]).toMatchObject({ id: impostor.id, emailConfirmedAt: null });
});
