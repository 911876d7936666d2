import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import type { LeaderList } from '@/contract/leaders';
import type { Db } from '../../../server/db/client';
import { rowsOf } from '../../../server/db/rows';
import { foldedSearchTerms, matchesEveryTerm } from '../../../server/db/search-text';
import { findLeadersJson } from '../../../server/modules/leaders/repo';
import { rebuildScores } from '../../../server/modules/scoring/repo';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader } from '../helpers/competition-seed';

const NOW = '2026-11-22T10:00:00Z';
const levels: Array<LevelOfCompetition | undefined> = [undefined, 'Beginner', 'Intermediate', 'Advanced', 'Elite'];

/**
 * The list as docs/product-rules.md#leaderboard defines it, read whole with a plain join over users
 * (the statement the paged reads replaced): the reference every page and the export must equal.
 */
const wholeList = async (db: Db, year: number, month: number, level: LevelOfCompetition | undefined, search: string | undefined) => {
  const terms = await foldedSearchTerms(db, search);
  return rowsOf<LeaderList['rows'][number]>(
    await db.execute(sql`select * from (
        select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
               coalesce(sy.level_of_competition,
                 (select ul.level_of_competition from user_levels ul where ul.user_id = u.id and ul.competition_year <= ${year}::int order by ul.competition_year desc limit 1),
                 (select ul.level_of_competition from user_levels ul where ul.user_id = u.id order by ul.competition_year asc limit 1),
                 u.level_of_competition) as "levelOfCompetition",
               coalesce(sy.points, 0) as "annualPoints", coalesce(sm.points, 0) as "monthlyPoints"
          from users u
          left join score_years sy on sy.user_id = u.id and sy.competition_year = ${year}::int
          left join score_months sm on sm.user_id = u.id and sm.competition_year = ${year}::int and sm.month = ${month}::int
         where u.role = 'user' and (u.created_at < competition_year_first_day(${year}::int + 1) or sy.user_id is not null)
           and ${matchesEveryTerm(sql.raw('u.search_text'), terms)}) l
       where ${level ? sql`l."levelOfCompetition" = ${level}` : sql`true`}
       order by l."annualPoints" desc, l."lastName", l."firstName", l."userId"`),
  );
};

/**
 * 120 employees in four levels with few distinct points (large ties, some across a page's edges),
 * repeated names, levels of a past year that differ from today's, people who never scored, people who
 * joined after 2025 (listed in 2025 only when they scored in it), and an admin who scored (never listed).
 * In 2025 everyone of the year scored (the list is its score rows alone); in 2026 a fifth did not.
 */
const seed = async (db: Db) => {
  const admin = await addUser(db, { role: 'admin' });
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, gender, level_of_competition, created_at)
    select 'p' || g || '@example.com', 'x',
           case when g = 17 then 'Émile' when g % 3 = 0 then 'Red' else 'Blue' end || case when g % 2 = 0 then '' else 'x' end,
           case when g in (7, 40, 77) then 'Rare' else 'Team' || (g % 7) end,
           'other', (array['Beginner','Intermediate','Advanced','Elite'])[1 + g % 4],
           case when g % 10 = 9 then timestamptz '2026-06-01T00:00:00Z' else timestamptz '2022-01-01T00:00:00Z' end
      from generate_series(1, 120) g`);
  // 2025's levels (of three people in four; the fourth competes at today's): every third of them one level up that year.
  await db.execute(sql`
    insert into user_levels (user_id, competition_year, level_of_competition)
    select id, 2025, (array['Beginner','Intermediate','Advanced','Elite'])[1 + (array_position(array['Beginner','Intermediate','Advanced','Elite'], level_of_competition) - 1 + case when id % 3 = 0 then 1 else 0 end) % 4]
      from users where role = 'user' and email like 'p%' and id % 4 <> 1`);
  await db.execute(sql`
    insert into activities (user_id, name, moving_time, start_at, start_date, source)
    select u.id, 'Running', 10 * (1 + u.id % 3), d.day::timestamptz + interval '7 hours', d.day::date, 'manual'
      from users u cross join (values ('2025-06-10'), ('2026-11-03')) d(day)
     where u.role = 'user' and u.email like 'p%'
       and case when d.day = '2026-11-03' then u.id % 5 <> 0
                else u.created_at < timestamptz '2026-04-01T00:00:00Z' or u.id % 2 = 0 end`);
  await db.execute(sql`
    insert into activities (user_id, name, moving_time, start_at, start_date, source)
    values (${admin.id}, 'Running', 500, timestamptz '2026-11-03T07:00:00Z', date '2026-11-03', 'manual')`);
  await rebuildScores(db, 2000, 2100);
  return admin;
};

test('GET /leaders: every page of every level, year and search equals the whole list cut at its offset', async () => {
  const { app, db } = await createTestApp({ now: NOW });
  await seed(db);
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
  const admin = await seed(db);
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
