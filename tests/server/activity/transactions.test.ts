import { competitionYearOf } from '@/domain/competition';
import type * as Scoring from '../../../server/modules/scoring/service';
import { createTestApp, stopLastTestAppJobs } from '../helpers/test-app';
import { activityRows, asUser, eventRows, seedUser, stepRows } from './helpers';

// The server project shares one module registry per worker (isolate: false): the app is imported
// afresh here, so it is built with the mocked scoring service below.
const failure = vi.hoisted(() => {
  vi.resetModules();
  return { on: false, years: [] as number[] };
});

// Every write runs in one transaction with the score recompute: when scoring fails, the row goes too.
vi.mock('../../../server/modules/scoring/service', async (importOriginal) => {
  const original = await importOriginal<typeof Scoring>();
  return {
    ...original,
    scoringService: () => {
      const service = original.scoringService();
      return {
        ...service,
        rescoreDays: async (...args: Parameters<typeof service.rescoreDays>) => {
          failure.years.push(...new Set(args[2].map(competitionYearOf)));
          if (failure.on) throw new Error('scoring failed');
          return service.rescoreDays(...args);
        },
      };
    },
  };
});

// This file's apps come from its own import of the app: the shared setup file's hook cannot reach their queue.
afterAll(stopLastTestAppJobs);

beforeEach(() => {
  failure.on = false;
  failure.years = [];
});

test('a failing recompute rolls every write back (500, nothing stored)', async () => {
  const ctx = await createTestApp();
  const me = await seedUser(ctx.db);
  const run = asUser(ctx, me);
  failure.on = true;
  const responses = await Promise.all([
    run({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Yoga', movingTime: 5, startTime: '2026-11-20' } }),
    run({ method: 'POST', url: '/api/user/activity/daily-step-achievement', payload: { date: '2026-11-20' } }),
    run({ method: 'POST', url: '/api/user/activity/log-event-participation', payload: { name: 'Run', date: '2026-11-20' } }),
  ]);
  expect(responses.map((response) => response.statusCode)).toEqual([500, 500, 500]);
  expect(responses[0]!.json()).toEqual({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' });
  expect(await activityRows(ctx.db, me.id)).toHaveLength(0);
  expect(await stepRows(ctx.db, me.id)).toHaveLength(0);
  expect(await eventRows(ctx.db, me.id)).toHaveLength(0);
});

test('moving an activity across competition years recomputes both years; a repeated step POST recomputes nothing', async () => {
  const ctx = await createTestApp({ now: '2026-04-05T10:00:00Z' });
  const me = await seedUser(ctx.db);
  const run = asUser(ctx, me);
  const created = (await run({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Yoga', movingTime: 5, startTime: '2026-03-30' } })).json();
  expect(failure.years).toEqual([2025]);
  failure.years = [];
  await run({ method: 'PUT', url: `/api/user/activity/${created.id}`, payload: { name: 'Yoga', movingTime: 5, startDate: '2026-04-02' } });
  expect(failure.years.sort()).toEqual([2025, 2026]);
  failure.years = [];
  await run({ method: 'POST', url: '/api/user/activity/daily-step-achievement', payload: { date: '2026-04-02' } });
  await run({ method: 'POST', url: '/api/user/activity/daily-step-achievement', payload: { date: '2026-04-02' } });
  expect(failure.years).toEqual([2026]);
});
