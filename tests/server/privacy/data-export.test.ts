import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { auditEvents, trackerConnections } from '../../../server/db/schema';
import { dataExports } from '../../../server/db/privacy-schema';
import { importTokens } from '../../../server/db/import-tokens-schema';
import { uploadsDir } from '../../../server/photos/disk-photo-store';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';

/** 'Download my data' (docs/access.md#privacy-self-service): a job builds the ZIP, offered for 24 hours. */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx?.app.close();
});

const EXPECTED_ENTRIES = [
  'README.txt',
  'activities.csv',
  'activities.json',
  'audit-entries.csv',
  'audit-entries.json',
  'events.csv',
  'events.json',
  'import-tokens.csv',
  'import-tokens.json',
  'levels.csv',
  'levels.json',
  'profile.csv',
  'profile.json',
  'quarterly-bonuses.csv',
  'quarterly-bonuses.json',
  'scores-by-month.csv',
  'scores-by-month.json',
  'scores-by-year.csv',
  'scores-by-year.json',
  'steps.csv',
  'steps.json',
  'tracker-connections.csv',
  'tracker-connections.json',
];

const csvRows = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;

describe('data export', () => {
  test('request -> preparing -> ready with a ZIP of JSON and CSV, own Strava titles included, no tokens, then gone after 24 hours', async () => {
    ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
    const photo = `${'c'.repeat(32)}.png`;
    await mkdir(uploadsDir(ctx.config.dataDir), { recursive: true });
    await writeFile(join(uploadsDir(ctx.config.dataDir), photo), 'png-bytes');
    const person = await addUser(ctx.db, { firstName: 'Ines', lastName: 'Export', profilePicture: photo, levels: { 2026: 'Advanced' } });
    const other = await addUser(ctx.db, { firstName: 'Other', lastName: 'Person' });
    await logActivity(ctx.db, person.id, '2026-11-01', 30, { name: 'Lunch walk' });
    await logActivity(ctx.db, person.id, '2026-11-02', 45, { source: 'strava', name: 'Morning ride' });
    await logActivity(ctx.db, other.id, '2026-11-02', 20, { name: 'Not mine' });
    await logSteps(ctx.db, person.id, '2026-11-02');
    await logEvent(ctx.db, person.id, '2026-11-03', true);
    await ctx.db
      .insert(trackerConnections)
      .values({
        userId: person.id,
        service: 'STRAVA',
        accessToken: 'sealed-access-secret',
        refreshToken: 'sealed-refresh-secret',
        externalUserId: '777',
      });
    await ctx.db.insert(importTokens).values({ userId: person.id, name: 'My iPhone', tokenHash: 'stored-token-hash', createdAt: new Date('2026-11-21T08:00:00Z') });
    await ctx.db
      .insert(auditEvents)
      .values({
        at: new Date('2026-11-20T00:00:00Z'),
        actorId: 1,
        actorRole: 'admin',
        action: 'level.change',
        subjectId: person.id,
        subjectName: 'Ines Export',
        subjectEmail: person.email,
        before: '{"levelOfCompetition":"Beginner"}',
        after: '{"levelOfCompetition":"Advanced"}',
      });
    const headers = await authHeader(ctx.db, person, ctx.config, ctx.clock.now());

    expect((await ctx.app.inject({ method: 'GET', url: '/api/privacy/export', headers })).json()).toEqual({
      status: 'none',
      requestedAt: null,
      readyAt: null,
      expiresAt: null,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/privacy/export/download', headers })).statusCode).toBe(404);
    const requested = await ctx.injectWithoutWaiting({ method: 'POST', url: '/api/privacy/export', headers });
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ status: 'preparing', requestedAt: '2026-11-22T10:00:00.000Z', readyAt: null, expiresAt: null });
    await ctx.jobs.whenIdle();
    const ready = (await ctx.app.inject({ method: 'GET', url: '/api/privacy/export', headers })).json();
    expect(ready).toEqual({
      status: 'ready',
      requestedAt: '2026-11-22T10:00:00.000Z',
      readyAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-23T10:00:00.000Z',
    });

    const download = await ctx.app.inject({ method: 'GET', url: '/api/privacy/export/download', headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="my-wellness-data-${person.id}-2026-11-22.zip"`);
    expect(download.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files).sort()).toEqual([...EXPECTED_ENTRIES, `photo/${photo}`].sort());
    const text = (name: string) => strFromU8(files[name]!);
    expect(JSON.parse(text('profile.json'))).toMatchObject({ id: person.id, firstName: 'Ines', lastName: 'Export', email: person.email });
    const activities = JSON.parse(text('activities.json')) as { name: string; movingTime: number; source: string }[];
    expect(activities.map(({ name, movingTime, source }) => [name, movingTime, source])).toEqual([
      ['Lunch walk', 30, 'manual'],
      ['Morning ride', 45, 'strava'],
    ]);
    expect(csvRows(text('activities.csv')).map((row) => [row.name, row.movingTime, row.source, row.startDate])).toEqual([
      ['Lunch walk', '30', 'manual', '2026-11-01'],
      ['Morning ride', '45', 'strava', '2026-11-02'],
    ]);
    expect(JSON.parse(text('steps.json'))).toHaveLength(1);
    expect(JSON.parse(text('events.json'))).toMatchObject([{ name: 'City run', isInTheTopThree: true, date: '2026-11-03' }]);
    expect(JSON.parse(text('scores-by-year.json'))).toMatchObject([{ competitionYear: 2026, points: 30 + 45 + 30 + 90 }]);
    expect(JSON.parse(text('tracker-connections.json'))).toMatchObject([{ service: 'STRAVA', externalUserId: '777', status: 'connected' }]);
    expect(JSON.parse(text('import-tokens.json'))).toMatchObject([{ name: 'My iPhone', lastUsedAt: null, revokedAt: null }]);
    expect(csvRows(text('audit-entries.csv'))).toMatchObject([{ action: 'level.change', after: '{"levelOfCompetition":"Advanced"}' }]);
    expect(strFromU8(files[`photo/${photo}`]!)).toBe('png-bytes');
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    for (const secret of ['sealed-access-secret', 'sealed-refresh-secret', 'stored-token-hash', 'Not mine', 'Other']) expect(everything).not.toContain(secret);

    // Offered for 24 hours, then the status says none, the download is a 404 and the purge removes it.
    ctx.clock.set('2026-11-23T10:00:01Z');
    const later = await authHeader(ctx.db, person, ctx.config, ctx.clock.now());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/privacy/export', headers: later })).json()).toMatchObject({ status: 'none' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/privacy/export/download', headers: later })).json()).toMatchObject({
      statusCode: 404,
      message: 'Your data is not ready for download; please request it again',
    });
    await ctx.jobs.send('privacy.purge-exports', {});
    await ctx.jobs.whenIdle();
    expect(await ctx.db.select({ id: dataExports.id }).from(dataExports)).toEqual([]);
  });

  test('a second request while one is prepared answers it; a new request replaces a finished export; another person sees only their own', async () => {
    ctx = await createTestApp();
    const person = await addUser(ctx.db);
    const other = await addUser(ctx.db);
    const headers = await authHeader(ctx.db, person, ctx.config, ctx.clock.now());
    const first = await ctx.injectWithoutWaiting({ method: 'POST', url: '/api/privacy/export', headers });
    const second = await ctx.injectWithoutWaiting({ method: 'POST', url: '/api/privacy/export', headers });
    expect(second.json()).toEqual(first.json());
    await ctx.jobs.whenIdle();
    expect(await ctx.db.select({ id: dataExports.id }).from(dataExports)).toHaveLength(1);
    ctx.clock.advance(60_000);
    await ctx.app.inject({ method: 'POST', url: '/api/privacy/export', headers });
    const rows = await ctx.db.select({ userId: dataExports.userId, status: dataExports.status }).from(dataExports);
    expect(rows).toEqual([{ userId: person.id, status: 'ready' }]);
    const others = await authHeader(ctx.db, other, ctx.config, ctx.clock.now());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/privacy/export', headers: others })).json()).toMatchObject({ status: 'none' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/privacy/export/download', headers: others })).statusCode).toBe(404);
  });

  test('admins get 403, guests 401', async () => {
    ctx = await createTestApp();
    const admin = await addUser(ctx.db, { role: 'admin' });
    const headers = await authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
    for (const [method, url] of [
      ['GET', '/api/privacy/export'],
      ['POST', '/api/privacy/export'],
      ['GET', '/api/privacy/export/download'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect(await ctx.db.select().from(dataExports)).toEqual([]);
  });
});
