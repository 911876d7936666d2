/**
 * Benchmark of 'Import workout files' (docs/performance.md "Workout files and Apple Health"), over
 * HTTP against the real app (Fastify, PGlite in memory), the upload streamed from a file in /tmp:
 *
 * 1. 1,000 FIT files (written by Garmin's SDK Encoder, 45 minutes of one-second records each) in one
 *    ZIP: the preview's time, the import's time, and how long other requests waited meanwhile (a
 *    GET /api/health every 100 ms: its worst answer time, and the event loop's worst delay).
 * 2. A generated Apple Health export.zip whose export.xml is BENCH_APPLE_MB (500) MB: years of step,
 *    heart-rate and energy records and a workout a day, written to /tmp as it is generated (never
 *    whole in memory): the preview's time and the process's peak RSS above its level before.
 *
 * The files are made on the fly and deleted afterwards; nothing is committed.
 *
 *   npx tsx bench/workout-files.ts        BENCH_FIT_FILES=1000 BENCH_APPLE_MB=500 BENCH_PARTS=fit,apple
 */
import { createReadStream, createWriteStream, statSync, unlinkSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openPglite } from '../server/db/client';
import { activities, dailyStepAchievements, users } from '../server/db/schema';
import { memoryMailer } from '@/domain/mail';
import { systemClock } from '@/domain/clock';
import { count, eq } from 'drizzle-orm';
import { signedInToken } from '../tests/support/signed-in-token';
import { fitFile } from '../tests/server/trackers/workout-files/fixtures';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const fitFiles = number('BENCH_FIT_FILES', 1000);
const appleMegabytes = number('BENCH_APPLE_MB', 500);
const parts = (process.env.BENCH_PARTS ?? 'fit,apple').split(',');
const MB = 1_000_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / MB).toLocaleString('en-US')} MB`;

/** POSTs one file as the multipart form the SPA sends, streamed from disk. */
const upload = (address: string, token: string, path: string, fileName: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const boundary = `----bench${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="timeZone"\r\n\r\nEurope/Berlin\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const url = new URL('/api/users/workout-files/preview', address);
    const outgoing = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + statSync(path).size + tail.length },
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', reject);
    outgoing.write(head);
    const file = createReadStream(path);
    file.on('end', () => outgoing.end(tail));
    file.pipe(outgoing, { end: false });
  });

const post = async (address: string, token: string, path: string, body: unknown) => {
  const response = await fetch(new URL(path, address), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.text() };
};

/** Other requests during `work`: a health check every 100 ms (worst answer time) and the event loop's worst delay. */
const whileProbing = async <T>(address: string, work: () => Promise<T>) => {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let worst = 0;
  let probes = 0;
  let running = true;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(new URL('/api/health', address));
      worst = Math.max(worst, performance.now() - started);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  running = false;
  await probing;
  loop.disable();
  return { result, elapsed, worstProbeMs: worst, probes, worstLoopDelayMs: loop.max / 1e6 };
};

/** Peak RSS while `work` runs, sampled every 50 ms. */
const peakRss = async <T>(work: () => Promise<T>) => {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const result = await work();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
};

const randomDayStart = (from: number, to: number, index: number) => new Date(from + ((index * 7919) % 1000) / 1000 * (to - from));

const fitZip = (path: string) => {
  const now = Date.now();
  const files: Record<string, Uint8Array> = {};
  for (let index = 0; index < fitFiles; index += 1) {
    // Spread over the last 300 days, mornings.
    const day = randomDayStart(now - 300 * 86_400_000, now - 86_400_000, index);
    day.setUTCHours(6, (index * 13) % 60, index % 60, 0);
    files[`DI_CONNECT/DI-Connect-Uploaded-Files/user@example.com_${100000 + index}.fit`] = fitFile({ start: day.toISOString(), timerSeconds: 2700, elapsedSeconds: 2900, records: 2700, sport: index % 3 ? 'running' : 'cycling' });
  }
  const zipped = zipSync(files);
  const out = createWriteStream(path);
  return new Promise<number>((resolve) => out.end(zipped, () => resolve(zipped.length)));
};

const pad = (value: number) => String(value).padStart(2, '0');
const appleDate = (ms: number) => {
  const local = new Date(ms + 3_600_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} +0100`;
};
const DEVICE = '&lt;&lt;HKDevice: 0x283f74c80&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;';

/** export.xml of about `targetBytes`, deflated into a ZIP on disk as it is generated. */
const appleZip = async (path: string, targetBytes: number) => {
  const out = createWriteStream(path);
  let written = 0;
  let xmlBytes = 0;
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  const zip = new Zip((error, data, final) => {
    if (error) throw error;
    written += data.length;
    out.write(data);
    if (final) out.end();
  });
  const entry = new ZipDeflate('apple_health_export/export.xml', { level: 6 });
  zip.add(entry);
  const encoder = new TextEncoder();
  const push = async (text: string) => {
    const bytes = encoder.encode(text);
    xmlBytes += bytes.length;
    entry.push(bytes);
    // Let the file stream drain now and then.
    if (out.writableLength > 64 * MB) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  await push('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>\n]>\n<HealthData locale="en_GB">\n <ExportDate value="2026-11-22 09:00:00 +0100"/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-05-01"/>\n');
  const end = Date.now() - 86_400_000;
  let day = 0;
  while (xmlBytes < targetBytes) {
    const midnight = end - day * 86_400_000 - (end % 86_400_000);
    const lines: string[] = [];
    // About 150 step samples (the phone counts more of them than the watch), 600 heart rates and 300 energy samples a day, as a watch and a phone write them.
    for (let sample = 0; sample < 150; sample += 1) {
      const at = midnight + (6 * 3600 + sample * 360) * 1000;
      lines.push(` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="${sample % 2 ? "Jane's iPhone" : "Jane's Apple Watch"}" sourceVersion="17.1" device="${DEVICE}" unit="count" creationDate="${appleDate(at + 60_000)}" startDate="${appleDate(at)}" endDate="${appleDate(at + 300_000)}" value="${(sample % 2 ? 2 : 1) * (40 + ((sample * 37 + day) % 160))}"/>`);
    }
    for (let sample = 0; sample < 600; sample += 1) {
      const at = midnight + sample * 144_000;
      lines.push(` <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Jane's Apple Watch" sourceVersion="10.1" device="${DEVICE}" unit="count/min" creationDate="${appleDate(at)}" startDate="${appleDate(at)}" endDate="${appleDate(at)}" value="${55 + ((sample * 13 + day) % 90)}">\n  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="${sample % 3}"/>\n </Record>`);
    }
    for (let sample = 0; sample < 300; sample += 1) {
      const at = midnight + sample * 288_000;
      lines.push(` <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Jane's Apple Watch" sourceVersion="10.1" device="${DEVICE}" unit="kcal" creationDate="${appleDate(at)}" startDate="${appleDate(at)}" endDate="${appleDate(at + 288_000)}" value="${(0.1 + (sample % 17) / 10).toFixed(3)}"/>`);
    }
    const start = midnight + 17 * 3_600_000;
    lines.push(
      ` <Workout workoutActivityType="HKWorkoutActivityType${day % 2 ? 'Running' : 'Walking'}" duration="${30 + (day % 30)}.5" durationUnit="min" sourceName="Jane's Apple Watch" sourceVersion="10.1" device="${DEVICE}" creationDate="${appleDate(start + 3_600_000)}" startDate="${appleDate(start)}" endDate="${appleDate(start + 3_000_000)}">\n  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="${appleDate(start)}" endDate="${appleDate(start + 3_000_000)}" sum="312.5" unit="kcal"/>\n </Workout>`,
    );
    await push(`${lines.join('\n')}\n`);
    day += 1;
  }
  await push('</HealthData>\n');
  entry.push(new Uint8Array(0), true);
  zip.end();
  await done;
  return { zipBytes: written, xmlBytes, days: day };
};

const main = async () => {
  const database = await openPglite();
  await database.migrate();
  const config = testConfig({ logLevel: 'silent', workoutFiles: { maxUploadBytes: 4000 * MB, maxUnpackedBytes: 16_000 * MB } });
  const app = await buildApp({ db: database.db, clock: systemClock, config, mailer: memoryMailer() });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const [jane] = await database.db
    .insert(users)
    .values({ role: 'user', email: 'jane@example.com', passwordHash: 'x', firstName: 'Jane', lastName: 'Doe', gender: 'female', levelOfCompetition: 'Beginner' })
    .returning();
  const token = await signedInToken(database.db, config, { id: jane!.id, role: 'user' }, new Date());
  console.info(`[bench] ${cpus()[0]?.model ?? 'cpu'} x${cpus().length}, load ${loadavg().map((value) => value.toFixed(1)).join(' ')}, Node ${process.version}`);

  if (parts.includes('fit')) {
    const path = '/tmp/wc-bench-fit.zip';
    const made = performance.now();
    const size = await fitZip(path);
    console.info(`[bench] ${fitFiles.toLocaleString('en-US')} FIT files in one ZIP: ${megabytes(size)} (made in ${seconds(performance.now() - made)})`);
    const read = await whileProbing(address, () => upload(address, token, path, 'garmin-export.zip'));
    if (read.result.status !== 200) throw new Error(`preview answered ${read.result.status}: ${read.result.body}`);
    const shown = JSON.parse(read.result.body) as { toImport: { workouts: number }; ticket: string };
    console.info(
      `[bench]   preview: ${seconds(read.elapsed)}, ${shown.toImport.workouts} to import; meanwhile ${read.probes} health checks, the slowest ${read.worstProbeMs.toFixed(0)} ms; event loop delay at most ${read.worstLoopDelayMs.toFixed(0)} ms`,
    );
    const started = performance.now();
    const done = await post(address, token, '/api/users/workout-files/import', { ticket: shown.ticket });
    if (done.status !== 200) throw new Error(`import answered ${done.status}: ${done.body}`);
    const [rows] = await database.db.select({ n: count() }).from(activities).where(eq(activities.userId, jane!.id));
    console.info(`[bench]   import: ${seconds(performance.now() - started)}, ${rows!.n} rows (${done.body})`);
    unlinkSync(path);
  }

  if (parts.includes('apple')) {
    const path = '/tmp/wc-bench-export.zip';
    const made = performance.now();
    const generated = await appleZip(path, appleMegabytes * MB);
    console.info(`[bench] Apple Health export: export.xml ${megabytes(generated.xmlBytes)} (${generated.days} days), export.zip ${megabytes(generated.zipBytes)} (made in ${seconds(performance.now() - made)})`);
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    const measured = await peakRss(() => whileProbing(address, () => upload(address, token, path, 'export.zip')));
    const read = measured.result;
    if (read.result.status !== 200) throw new Error(`preview answered ${read.result.status}: ${read.result.body}`);
    const shown = JSON.parse(read.result.body) as { toImport: { workouts: number; stepDays: number }; notListed: number; stepDaysOutside: number; ticket: string };
    console.info(
      `[bench]   preview: ${seconds(read.elapsed)} (${((generated.xmlBytes / MB) / (read.elapsed / 1000)).toFixed(0)} MB of XML a second), RSS ${megabytes(before)} before, peak ${megabytes(measured.peak)} (+${megabytes(measured.peak - before)}); slowest health check ${read.worstProbeMs.toFixed(0)} ms, event loop delay at most ${read.worstLoopDelayMs.toFixed(0)} ms`,
    );
    console.info(`[bench]   ${shown.toImport.workouts} workouts and ${shown.toImport.stepDays} step days to import; ${shown.notListed} older workouts and ${shown.stepDaysOutside} step days outside the window`);
    const started = performance.now();
    const done = await post(address, token, '/api/users/workout-files/import', { ticket: shown.ticket });
    if (done.status !== 200) throw new Error(`import answered ${done.status}: ${done.body}`);
    const [steps] = await database.db.select({ n: count() }).from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, jane!.id));
    console.info(`[bench]   import: ${seconds(performance.now() - started)} (${done.body}), ${steps!.n} step days`);
    unlinkSync(path);
  }
  await app.close();
  await database.close();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
