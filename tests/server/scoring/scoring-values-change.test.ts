import { defaultScoringRules } from '@/domain/scoring-rules';
import { checkScoringAtStart } from '../../../server/modules/scoring/jobs';
import { rebuildEveryYear } from '../../../server/modules/scoring/rebuild-command';
import { storeRules } from '../../../server/modules/scoring/repo';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logSteps } from '../helpers/competition-seed';

/*
 * An operator changes a scoring value (docs/product-rules.md#scoring): the next start stores it and
 * rescores the current competition year in a job, earlier years keep their values; the leaderboard
 * follows. `npm run scores:rebuild` does the same at once for every year.
 */

const NOW = '2026-11-22T10:00:00Z';

const setUp = async () => {
  const ctx = await createTestApp({ now: NOW });
  const admin = await addUser(ctx.db, { role: 'admin' });
  const ann = await addUser(ctx.db, { firstName: 'Ann', level: 'Advanced' });
  const bo = await addUser(ctx.db, { firstName: 'Bo', level: 'Advanced' });
  await logActivity(ctx.db, ann.id, '2026-11-02', 40);
  await logActivity(ctx.db, bo.id, '2026-10-10', 30);
  await logSteps(ctx.db, bo.id, '2026-10-11');
  await logActivity(ctx.db, ann.id, '2026-02-01', 10); // competition year 2025
  const get = async (url: string, person: { id: number; role: 'admin' | 'user' }) =>
    (await ctx.app.inject({ method: 'GET', url, headers: await authHeader(ctx.db, person, ctx.config, ctx.clock.now()) })).json();
  const standings = async () => ({
    top: (await get('/api/leaders/top', ann)).Advanced.map((row: { firstName: string; annualPoints: number }) => [row.firstName, row.annualPoints]),
    past: (await get('/api/leaders?competitionYear=2025', admin)).rows.map((row: { firstName: string; annualPoints: number }) => [row.firstName, row.annualPoints]),
  });
  return { ctx, standings };
};

test('a changed value is stored at start and rescores the current year in a job; earlier years keep theirs', async () => {
  const { ctx, standings } = await setUp();
  expect(await standings()).toEqual({ top: [['Bo', 60], ['Ann', 40]], past: [['Ann', 10], ['Bo', 0]] });
  const lines: string[] = [];
  const log = { info: (line: string) => void lines.push(line) };
  const unchanged = await checkScoringAtStart({ db: ctx.db, clock: ctx.clock, config: ctx.config, jobs: ctx.jobs }, log);
  expect(unchanged).toEqual({ kind: 'unchanged' });

  // The next start with 3 points per minute and 10 per step achievement.
  const config = { ...ctx.config, scoring: { ...defaultScoringRules, pointsPerMinute: 3, dailySteps: 10 } };
  const changed = await checkScoringAtStart({ db: ctx.db, clock: ctx.clock, config, jobs: ctx.jobs }, log);
  expect(changed).toEqual({ kind: 'changed', fromYear: 2026, changes: ['pointsPerMinute: 1 -> 3', 'dailySteps: 30 -> 10'] });
  await ctx.jobs.whenIdle();
  expect(await standings()).toEqual({ top: [['Ann', 120], ['Bo', 100]], past: [['Ann', 10], ['Bo', 0]] });
  expect(lines.join('\n')).toMatch(/pointsPerMinute: 1 -> 3/);
  // Stored now: the same values again are no change.
  expect(await checkScoringAtStart({ db: ctx.db, clock: ctx.clock, config, jobs: ctx.jobs }, log)).toEqual({ kind: 'unchanged' });
  // A new write is scored with the values in force.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/user/activity/log',
    headers: await authHeader(ctx.db, await addUser(ctx.db, { firstName: 'Cy', level: 'Advanced' }), ctx.config, ctx.clock.now()),
    payload: { name: 'Running', movingTime: 50, startTime: '2026-11-20T07:00:00.000Z' },
  });
  expect((await standings()).top[0]).toEqual(['Cy', 150]);
  await ctx.app.close();
});

test('scores:rebuild stores the configured values from the current year and rebuilds every year from the rows', async () => {
  const { ctx, standings } = await setUp();
  // Stored scores that no longer match the rows (as after a bulk load): the rebuild writes them anew.
  await storeRules(ctx.db, 2025, { ...defaultScoringRules, pointsPerMinute: 2 }, ctx.clock.now());
  const lines: string[] = [];
  const summary = await rebuildEveryYear(ctx.db, { ...defaultScoringRules, pointsPerMinute: 5 }, ctx.clock.now(), (line) => void lines.push(line));
  expect(summary).toMatchObject({ years: 2, rows: 3 });
  // 2025 with the values stored for it (2 per minute), 2026 with the configured ones (5 per minute).
  expect(await standings()).toEqual({ top: [['Ann', 200], ['Bo', 180]], past: [['Ann', 20], ['Bo', 0]] });
  expect(lines[0]).toBe('scoring values stored from competition year 2026/27 (pointsPerMinute: 2 -> 5)');
  expect(lines.at(-1)).toMatch(/^rebuilt 2 competition year\(s\), 3 score rows, in \d+ ms$/);
  await ctx.app.close();
});
