import { count, eq } from 'drizzle-orm';
import type { WorkoutFilesImported, WorkoutFilesPreview } from '@/contract/workout-files';
import { signedInToken } from '../../../support/signed-in-token';
import { activities, dailyStepAchievements, trackerDuplicates } from '../../../../server/db/schema';
import { multipart } from '../../auth/fixtures';
import type { Ctx, Person } from '../helpers';

export type UploadFile = { name: string; bytes: Uint8Array };

/** POST /api/users/workout-files/preview as the SPA sends it: the time zone first, then one `files` part per file. */
export const preview = async (ctx: Ctx, person: Person, files: UploadFile[], timeZone?: string) => {
  const token = await signedInToken(ctx.db, ctx.config, person, ctx.clock.now());
  const form = multipart([
    ...(timeZone ? [{ name: 'timeZone', value: timeZone }] : []),
    ...files.map((file) => ({
      name: 'files',
      filename: file.name,
      contentType: 'application/octet-stream',
      data: Buffer.from(file.bytes),
    })),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/workout-files/preview',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as WorkoutFilesPreview & { message?: string; serverCode?: string } };
};

export const importTicket = async (ctx: Ctx, person: Person, ticket: string) => {
  const token = await signedInToken(ctx.db, ctx.config, person, ctx.clock.now());
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/workout-files/import',
    payload: { ticket },
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as WorkoutFilesImported & { message?: string; serverCode?: string } };
};

/** Preview, then import what it offers. */
export const importFiles = async (ctx: Ctx, person: Person, files: UploadFile[], timeZone?: string) => {
  const shown = await preview(ctx, person, files, timeZone);
  expect(shown.status).toBe(200);
  const done = shown.body.ticket ? await importTicket(ctx, person, shown.body.ticket) : null;
  if (done) expect(done.status).toBe(200);
  return { preview: shown.body, imported: done?.body ?? null };
};

/** Everything an import may write for the person: rows, second sources and step days. */
export const writtenFor = async (ctx: Ctx, person: Person) => ({
  activities: (await ctx.db.select({ n: count() }).from(activities).where(eq(activities.userId, person.id)))[0]!.n,
  duplicates: (await ctx.db.select({ n: count() }).from(trackerDuplicates).where(eq(trackerDuplicates.userId, person.id)))[0]!.n,
  steps: (await ctx.db.select({ n: count() }).from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, person.id)))[0]!.n,
});
