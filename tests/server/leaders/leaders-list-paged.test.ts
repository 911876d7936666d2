import type { LevelOfCompetition } from '@/contract/common';
import type { LeaderList } from '@/contract/leaders';
import { findLeadersJson } from '../../../server/modules/leaders/repo';
import { createTestApp } from '../helpers/test-app';
import { authHeader } from '../helpers/competition-seed';
import { seedLeaderList, wholeList } from './leader-list-reference';

const NOW = '2026-11-22T10:00:00Z';
const levels: Array<LevelOfCompetition | undefined> = [undefined, 'Beginner', 'Intermediate', 'Advanced', 'Elite'];

test('GET /leaders: every page of every level, year and search equals the whole list cut at its offset', async () => {
  const { app, db } = await createTestApp({ now: NOW });
  await seedLeaderList(db);
  const searches = [undefined, 'team', 'red', 'rare', 'red team1', 'emile', 'x', 'nobody'];
  for (const [year, month] of [[2026, 11], [2025, 3]] as const) {
    const everyone = await wholeList(db, year, month, undefined, undefined);
    if (year === 2025) expect(everyone.every((row) => row.annualPoints > 0)).toBe(true);
    else expect(everyone.filter((row) => row.annualPoints === 0).length).toBeGreaterThan(10);
    for (const level of levels) {
      for (const search of searches) {
        const whole = await wholeList(db, year, month, level, search);
        const scored = whole.filter((row) => row.annualPoints > 0).length;
        const offsets = [...new Set([0, 1, 3, scored - 2, scored - 1, scored, scored + 1, whole.length - 2, whole.length, whole.length + 3])].filter((offset) => offset >= 0);
        for (const limit of [1, 4, 100]) {
          for (const offset of offsets) {
            const page = JSON.parse(await findLeadersJson(db, { year, month, level, limit, offset, search })) as LeaderList;
            expect(page, `${year} ${level} ${search} ${limit} ${offset}`).toEqual({ rows: whole.slice(offset, offset + limit), count: whole.length });
          }
        }
      }
    }
  }
  await app.close();
}, 120_000);

test('GET /leaders/export.csv holds the whole list in its order, for a level, a year and a search', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await seedLeaderList(db);
  const headers = await authHeader(db, admin, config, clock.now());
  for (const [query, year, month, level, search] of [
    ['', 2026, 11, undefined, undefined],
    ['levelOfCompetition=Elite&competitionYear=2025', 2025, 3, 'Elite', undefined],
    ['search=red', 2026, 11, undefined, 'red'],
  ] as const) {
    const response = await app.inject({ method: 'GET', url: `/api/leaders/export.csv?${query}`, headers });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split(/\r?\n/).slice(1);
    const whole = await wholeList(db, year, month, level, search);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).toEqual(whole.map((row) => [row.firstName, row.lastName, row.email, row.levelOfCompetition, row.annualPoints, row.monthlyPoints].join(',')));
  }
  await app.close();
});
