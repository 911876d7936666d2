/** The admin leaders list as its rule defines it, read whole, and a company that exercises it: the reference the paged reads and kept counts are checked against. */
import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import type { LeaderList } from '@/contract/leaders';
import type { Db } from '../../../server/db/client';
import { rowsOf } from '../../../server/db/rows';
import { foldedSearchTerms, matchesEveryTerm } from '../../../server/db/search-text';
import { rebuildScores } from '../../../server/modules/scoring/repo';
import { addUser } from '../helpers/competition-seed';

/**
 * The list as docs/product-rules.md#leaderboard defines it, read whole with a plain join over users
 * (the statement the paged reads replaced): the reference every page and the export must equal.
 */
export const wholeList = async (db: Db, year: number, month: number, level: LevelOfCompetition | undefined, search: string | undefined) => {
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
export const seedLeaderList = async (db: Db) => {
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

