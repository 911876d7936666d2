import { sql } from 'drizzle-orm';
import { levels, type LevelOfCompetition } from '@/contract/common';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { rowsOf } from '../../db/rows';
import { foldedSearchTerms, matchesEveryTerm } from '../../db/search-text';
import { UPLOADS_PATH } from '../users/serialize';

/**
 * The year's TopLeaders JSON (docs/product-rules.md#leaderboard): per level, the ten employees
 * (with a confirmed e-mail address) with the most points (ties: the earlier last scoring day first), each level one range of
 * score_years_year_level_points_idx stopped after ten rows, names and pictures by primary key. The
 * order names `nulls last` as the index does (points are never null): with `points desc` alone
 * (nulls first) PostgreSQL could not read the index in order, and at 100,000 employees it walked
 * the year's points index, filtered the level and sorted: 6.4 ms a level instead of 0.5 ms.
 */
const topLeaders = rawStatement(
  'leaders_top',
  sql`select json_object_agg(l.level, coalesce(t.leaders, '[]'::json) order by l.ord)::text
      from unnest(${sql.placeholder('levels')}::text[]) with ordinality l(level, ord)
      left join lateral (
        select json_agg(json_build_object('userId', top.user_id, 'firstName', u.first_name, 'lastName', u.last_name,
                 'profilePicture', case when u.profile_picture is null then null else ${sql.placeholder('uploads')}::text || u.profile_picture end,
                 'annualPoints', top.points) order by top.points desc, top.last_scored_on asc nulls last, top.user_id) as leaders
          from (select sy.user_id, sy.points, sy.last_scored_on from score_years sy
                 where sy.competition_year = ${sql.placeholder('year')}::int and sy.level_of_competition = l.level and sy.points > 0
                   and exists (select 1 from users e where e.id = sy.user_id and e.role = 'user' and e.email_confirmed_at is not null)
                 order by sy.points desc nulls last, sy.last_scored_on asc nulls last, sy.user_id limit 10) top
          join users u on u.id = top.user_id) t on true`,
);

export const findTopLeadersJson = async (db: DbOrTx, year: number): Promise<string> => {
  const [[json]] = (await topLeaders(db, { year, levels: `{${levels.join(',')}}`, uploads: UPLOADS_PATH })) as [[string]];
  return json;
};

export type LeaderListFilter = { year: number; month: number; level?: LevelOfCompetition; limit: number; offset: number; search?: string };

/**
 * The admin leaders list: every employee (role user) who existed in the year (joined before its end,
 * or scored in it), 0 points included,
 * with the level of that year (their score row's, else user_levels', else today's), in the list's
 * order (points, last name, first name, id), paged in SQL with its exact count, as the contract's
 * LeaderList JSON. A low-rate admin read: plain joins over users (docs/load-model.md).
 */
export const findLeadersJson = async (db: DbOrTx, filter: LeaderListFilter): Promise<string> => {
  const { year, month } = filter;
  const list = sql`select u.id as user_id, u.first_name, u.last_name, u.email, coalesce(sy.points, 0) as points,
        coalesce(sy.level_of_competition,
          (select ul.level_of_competition from user_levels ul where ul.user_id = u.id and ul.competition_year <= ${year} order by ul.competition_year desc limit 1),
          (select ul.level_of_competition from user_levels ul where ul.user_id = u.id order by ul.competition_year asc limit 1),
          u.level_of_competition) as level
      from users u left join score_years sy on sy.user_id = u.id and sy.competition_year = ${year}
     where u.role = 'user' and (u.created_at < competition_year_first_day(${year}::int + 1) or sy.user_id is not null)
       and ${matchesEveryTerm(sql.raw('u.search_text'), await foldedSearchTerms(db, filter.search))}`;
  const ofLevel = filter.level ? sql`where l.level = ${filter.level}` : sql``;
  const [row] = rowsOf<{ json: string }>(
    await db.execute(sql`with list as (select l.* from (${list}) l ${ofLevel})
      select '{"rows":' || coalesce((
          select '[' || string_agg(row_to_json(r)::text, ',' order by p.points desc, p.last_name, p.first_name, p.user_id) || ']'
            from (select * from list order by points desc, last_name, first_name, user_id limit ${filter.limit} offset ${filter.offset}) p
            left join score_months sm on sm.user_id = p.user_id and sm.competition_year = ${year} and sm.month = ${month}
            cross join lateral (select p.user_id as "userId", p.first_name as "firstName", p.last_name as "lastName", p.email,
                                       p.level as "levelOfCompetition", p.points as "annualPoints", coalesce(sm.points, 0) as "monthlyPoints") r
        ), '[]') || ',"count":' || (select count(*) from list) || '}' as json`),
  );
  return row!.json;
};

export const leadersRepo = repoOf({ findTopLeadersJson, findLeadersJson });
