import { eq } from 'drizzle-orm';
import { signedInToken } from '../../support/signed-in-token';
import { activities, auditEvents, dailyStepAchievements } from '../../../server/db/schema';
import type { Ctx, Person } from '../trackers/helpers';

/** The profile's token calls, as the SPA makes them (the employee's access token). */
export const asEmployee = async (ctx: Ctx, person: Person, method: 'GET' | 'POST' | 'DELETE', path = '', payload?: object) => {
  const token = await signedInToken(ctx.db, ctx.config, person, ctx.clock.now());
  return ctx.app.inject({ method, url: `/api/users/import-tokens${path}`, payload, headers: { authorization: `Bearer ${token}` } });
};

/** 'Connect a phone app': a new token's secret, shown once. */
export const createToken = async (ctx: Ctx, person: Person, name = 'iPhone') => {
  const response = await asEmployee(ctx, person, 'POST', '', { name });
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string; created: { id: number } }) as { token: string; created: { id: number; name: string; lastUsedAt: string | null } };
};

/** A phone app's push with `token` as its bearer (`body`: an object as JSON, or text as sent). */
export const push = (ctx: Ctx, token: string | null, path: 'health-auto-export' | 'phone', body: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/import/${path}`,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

/** A Health Auto Export workout (export version 2). */
export const haeWorkout = (id: string, name: string, start: string, seconds: number) => ({ id, name, start, duration: seconds, activeEnergyBurned: { qty: 320, units: 'kcal' } });

/** Minute-grouped `step_count` samples adding up to `total` on a local day (`day`, offset `zone`). */
export const stepSamples = (day: string, total: number, zone = '+0200', count = 10) =>
  Array.from({ length: count }, (_, index) => ({ date: `${day} ${String(8 + index).padStart(2, '0')}:00:00 ${zone}`, qty: total / count, source: 'iPhone' }));

export const haePayload = (workouts: unknown[], steps: unknown[] = []) => ({
  data: {
    metrics: [
      { name: 'step_count', units: 'count', data: steps },
      { name: 'heart_rate', units: 'count/min', data: [{ date: '2026-11-20 08:00:00 +0200', Min: 60, Avg: 80, Max: 120 }] },
    ],
    workouts,
  },
});

/** What the employee has: activities (source, name, minutes, day), ticked days and audit actions. */
export const stateOf = async (ctx: Ctx, person: Person) => ({
  activities: (await ctx.db.select().from(activities).where(eq(activities.userId, person.id)).orderBy(activities.startAt)).map((row) => ({
    source: row.source,
    externalId: row.externalId,
    name: row.name,
    minutes: row.movingTime,
    day: row.startDate,
  })),
  steps: (await ctx.db.select().from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, person.id)).orderBy(dailyStepAchievements.date)).map((row) => row.date),
  audit: (await ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, person.id)).orderBy(auditEvents.id)).map((row) => row.action),
});
