import { signedInToken } from '../../../support/signed-in-token';
import { multipart } from '../../auth/fixtures';
import { setup, useFakeProvider } from '../helpers';
import { appleExportXml, fitFile, gpxFile, strToU8, zip } from './fixtures';
import { preview, writtenFor } from './upload';

useFakeProvider();

const NOW = '2026-11-22T10:00:00Z';
const halfOf = (bytes: Uint8Array) => bytes.slice(0, Math.floor(bytes.length / 2));
const good = () => fitFile({ start: '2026-11-20T07:00:00Z', timerSeconds: 1800, records: 300 });

/** A FIT file whose header is right and whose body is noise: the SDK's CRC check fails. */
const corruptFit = () => {
  const bytes = good();
  for (let index = 200; index < 1200; index += 1) bytes[index] = (index * 7919) % 256;
  return bytes;
};

/** Bit 0 of the first entry's general purpose flag: the archive is encrypted (PKWARE APPNOTE 4.4.4). */
const passwordProtected = () => {
  const bytes = zip({ 'run.fit': good() });
  bytes[6] = bytes[6]! | 1;
  return bytes;
};

describe('workout files: each bad input gets a clear 4xx and changes nothing', () => {
  test.each([
    [
      'a corrupt FIT file',
      'run.fit',
      corruptFit,
      400,
      'IMPORT_FILE_UNREADABLE',
      '"run.fit" could not be read: it is damaged. Export it again and try once more.',
    ],
    [
      'a truncated FIT file',
      'run.fit',
      () => good().slice(0, 4000),
      400,
      'IMPORT_FILE_UNREADABLE',
      '"run.fit" is incomplete: it ends early. Download or export it again and try once more.',
    ],
    [
      'a truncated GPX file',
      'ride.gpx',
      () => gpxFile({ start: '2026-11-20T07:00:00Z', movingSeconds: 600 }).slice(0, 900),
      400,
      'IMPORT_FILE_UNREADABLE',
      '"ride.gpx" is incomplete: it ends early. Download or export it again and try once more.',
    ],
    [
      'a ZIP cut in an entry',
      'export.zip',
      () => halfOf(zip({ 'a.fit': good(), 'b.fit': fitFile({ start: '2026-11-21T07:00:00Z', timerSeconds: 1800, records: 300 }) })),
      400,
      'IMPORT_FILE_UNREADABLE',
      '"export.zip" is incomplete: it ends early. Download or export it again and try once more.',
    ],
    [
      'a ZIP without its central directory',
      'export.zip',
      () => {
        const bytes = zip({ 'a.fit': good() });
        return bytes.slice(0, bytes.length - 30);
      },
      400,
      'IMPORT_FILE_UNREADABLE',
      '"export.zip" is incomplete: it ends early. Download or export it again and try once more.',
    ],
    [
      'a damaged entry inside a ZIP',
      'export.zip',
      () => zip({ 'a.fit': good(), 'b.fit': corruptFit() }),
      400,
      'IMPORT_FILE_UNREADABLE',
      '"export.zip/b.fit" could not be read: it is damaged. Export it again and try once more.',
    ],
    [
      'a truncated Apple Health export',
      'export.xml',
      () => halfOf(appleExportXml({ steps: [{ day: '2026-11-20', counts: [12000, 3000] }], heartRates: 20 })),
      400,
      'IMPORT_FILE_UNREADABLE',
      '"export.xml" is incomplete: it ends early. Download or export it again and try once more.',
    ],
    [
      'a PDF',
      'plan.pdf',
      () => strToU8('%PDF-1.7\n1 0 obj <<>> endobj\n'),
      400,
      'IMPORT_FILE_UNSUPPORTED',
      '"plan.pdf" is not a workout file. Choose FIT, GPX or TCX files, a ZIP of them, or Apple Health\'s export.zip.',
    ],
    [
      'an XML file of another kind',
      'feed.xml',
      () => strToU8('<?xml version="1.0"?><rss><channel/></rss>'),
      400,
      'IMPORT_FILE_UNSUPPORTED',
      expect.stringContaining('is not a workout file'),
    ],
    [
      'an empty file',
      'empty.fit',
      () => new Uint8Array(0),
      400,
      'IMPORT_FILE_UNSUPPORTED',
      expect.stringContaining('is not a workout file'),
    ],
    [
      'a GPX declaring entities (the way to an entity bomb)',
      'bomb.gpx',
      () =>
        strToU8(
          '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><gpx><trk><name>&b;</name></trk></gpx>',
        ),
      400,
      'IMPORT_FILE_UNSUPPORTED',
      expect.stringContaining('is not a workout file'),
    ],
    [
      'a password-protected ZIP',
      'export.zip',
      passwordProtected,
      400,
      'IMPORT_FILE_UNSUPPORTED',
      '"export.zip" is password-protected. Export it again without a password.',
    ],
    [
      'a ZIP bomb (200 MB of zeros in a few hundred kB)',
      'bomb.zip',
      () => zip({ 'export.xml': new Uint8Array(200_000_000) }),
      413,
      'IMPORT_TOO_LARGE',
      expect.stringContaining('"bomb.zip" unpacks to more than'),
    ],
    [
      'a ZIP bomb inside a ZIP',
      'nested.zip',
      () => zip({ 'inner.zip': zip({ 'a.fit': new Uint8Array(300_000_000) }) }),
      413,
      'IMPORT_TOO_LARGE',
      expect.stringContaining('unpacks to more than'),
    ],
  ])('%s', async (_what, name, bytes, status, serverCode, message) => {
    const { ctx, jane } = await setup({ now: NOW });
    const answer = await preview(ctx, jane, [
      { name: 'fine.fit', bytes: good() },
      { name, bytes: bytes() },
    ]);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ serverCode, message });
    expect(await writtenFor(ctx, jane)).toEqual({ activities: 0, duplicates: 0, steps: 0 });
  });

  test('an upload over IMPORT_MAX_UPLOAD_MB, in one file or in several, and an archive unpacking past IMPORT_MAX_UNPACKED_MB', async () => {
    const { ctx, jane } = await setup({ now: NOW, config: { workoutFiles: { maxUploadBytes: 1_000_000, maxUnpackedBytes: 2_000_000 } } });
    const big = fitFile({ start: '2026-11-20T07:00:00Z', timerSeconds: 7200, records: 7200 });
    expect(big.length).toBeGreaterThan(100_000);
    const files = Array.from({ length: Math.ceil(1_000_000 / big.length) + 1 }, (_, index) => ({ name: `run-${index}.fit`, bytes: big }));
    const several = await preview(ctx, jane, files);
    expect(several).toMatchObject({
      status: 413,
      body: { serverCode: 'IMPORT_TOO_LARGE', message: 'These files are larger than the 1 MB one import may hold. Import them in parts.' },
    });
    // A FIT header, then more than the limit.
    const huge = new Uint8Array(1_200_000);
    huge.set(big.subarray(0, 14));
    const one = await preview(ctx, jane, [{ name: 'huge.fit', bytes: huge }]);
    expect(one).toMatchObject({ status: 413, body: { serverCode: 'IMPORT_TOO_LARGE' } });
    // GPX packs about ten to one: five tracks of about 700 kB pack into well under 1 MB and unpack past 2 MB.
    const track = gpxFile({ start: '2026-11-20T07:00:00Z', movingSeconds: 7200, every: 1 });
    const packed = zip(Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`ride-${index}.gpx`, track])));
    expect(packed.length).toBeLessThan(1_000_000);
    expect(track.length * 5).toBeGreaterThan(2_000_000);
    const archive = await preview(ctx, jane, [{ name: 'garmin.zip', bytes: packed }]);
    expect(archive).toMatchObject({
      status: 413,
      body: { message: '"garmin.zip" unpacks to more than 2 MB, or to far more than its size, and was refused.' },
    });
    expect(await writtenFor(ctx, jane)).toEqual({ activities: 0, duplicates: 0, steps: 0 });
  });

  test('no file, another field name, a JSON body, a guest and an admin are refused', async () => {
    const { ctx, jane } = await setup({ now: NOW });
    const noFile = await preview(ctx, jane, [], 'Europe/Berlin');
    expect(noFile).toMatchObject({ status: 400, body: { message: 'Choose at least one file to import.' } });
    const token = await signedInToken(ctx.db, ctx.config, jane, ctx.clock.now());
    const form = multipart([{ name: 'photo', filename: 'run.fit', contentType: 'application/octet-stream', data: Buffer.from(good()) }]);
    const wrongField = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/workout-files/preview',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/workout-files/preview',
      payload: { files: 'run.fit' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(json.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/users/workout-files/preview', payload: form.payload, headers: form.headers }))
        .statusCode,
    ).toBe(401);
    const { addUser } = await import('../helpers');
    const admin = await addUser(ctx, 'ada');
    const { users } = await import('../../../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const adminToken = await signedInToken(ctx.db, ctx.config, { id: admin.id, role: 'admin' }, ctx.clock.now());
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users/workout-files/preview',
          payload: form.payload,
          headers: { ...form.headers, authorization: `Bearer ${adminToken}` },
        })
      ).statusCode,
    ).toBe(403);
    expect(await writtenFor(ctx, jane)).toEqual({ activities: 0, duplicates: 0, steps: 0 });
  });

  test('previews are limited per employee (30 an hour)', async () => {
    const { ctx, jane } = await setup({ now: NOW });
    const small = [{ name: 'a.gpx', bytes: gpxFile({ start: '2026-11-20T07:00:00Z', movingSeconds: 120 }) }];
    for (let index = 0; index < 30; index += 1) expect((await preview(ctx, jane, small)).status).toBe(200);
    expect((await preview(ctx, jane, small)).body).toMatchObject({ serverCode: 'RATE_LIMITED' });
  });

  test('a large upload does not hold up the server: other requests are answered while it is read', async () => {
    const { ctx, jane } = await setup({ now: NOW });
    const run = fitFile({ start: '2026-11-20T07:00:00Z', timerSeconds: 3600, records: 3600 });
    const files = Array.from({ length: 40 }, (_, index) => ({ name: `run-${index}.fit`, bytes: run }));
    let previewDone = 0;
    const reading = preview(ctx, jane, files).then((answer) => {
      previewDone = performance.now();
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const healthDone = performance.now();
    expect(health.statusCode).toBe(200);
    expect((await reading).status).toBe(200);
    expect(healthDone).toBeLessThan(previewDone);
  });
});
