import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import type { UserSort } from '@/contract/users';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { foldedSearchTerms, matchesEveryTermWritten } from '../../db/search-text';
import { UPLOADS_PATH } from './serialize';

/**
 * A page of the admin users table (search, level, sort, order) and its exact count, in SQL: the
 * employees that match (users.search_text, db/search-text.ts), counted, and the page read in the
 * table's order (the users_order_* indexes serve the unsearched pages), written as the contract's
 * UserList JSON with the quarterly bonus joined in. The count is read with the stamp of what it
 * counts (users_search_stamp, db/functions/admin-search.sql) in the page's own snapshot: a caller
 * that kept the count under the stamp it finds again gets it back without a count.
 */

const orderColumn: Record<UserSort, string> = {
  lastName: 'last_name',
  firstName: 'first_name',
  email: 'email',
  gender: 'gender',
  levelOfCompetition: 'level_of_competition',
};

/** The sort column, then last name, first name and id, so pages never overlap. */
const orderBy = (sort: UserSort, order: 'asc' | 'desc') => {
  const column = orderColumn[sort];
  const ties = ['last_name', 'first_name', 'id'].filter((tie) => tie !== column).map((tie) => `s.${tie} asc`);
  return sql.raw([`s.${column} ${order}${order === 'desc' ? ' nulls first' : ''}`, ...ties].join(', '));
};

export type EmployeeQuery = { search?: string; level?: LevelOfCompetition; sort: UserSort; order: 'asc' | 'desc'; limit: number; offset: number; bonusYear: number; quarterlyBonusPoints: number };

/** A count of the same search and level, with the stamp it was read under. */
export type KnownCount = { stamp: string; count: number };

/** The page as the contract's UserList JSON (`{"rows":[...],"count":n,"quarterlyBonusPoints":p}`), and its count under its stamp. */
export const employeesPageJson = async (db: DbOrTx, query: EmployeeQuery, known?: KnownCount): Promise<{ json: string; stamp: string | null; count: number }> => {
  const terms = await foldedSearchTerms(db, query.search);
  const employees = sql`s.role = 'user' ${query.level ? sql`and s.level_of_competition = ${query.level}` : sql``} and ${matchesEveryTermWritten(sql.raw('s.search_text'), terms)}`;
  // The count's subquery runs only when the stamp moved (PostgreSQL evaluates the branch taken). No
  // stamp row (a truncated table, until the next write of users makes it again): always counted.
  const [row] = rowsOf<{ json: string; stamp: string | null; count: number }>(
    await db.execute(sql`with st as materialized (select (select stamp from users_search_stamp) as stamp),
      counted as materialized (
        select st.stamp::text as stamp,
               case when st.stamp = ${known?.stamp ?? null}::uuid then ${known?.count ?? null}::int
                    else (select count(*)::int from users s where ${employees}) end as count
          from st)
      select '{"rows":' || coalesce((
        select '[' || string_agg(row_to_json(r)::text, ',' order by page.position) || ']'
          from unnest(array(select s.id from users s where ${employees} order by ${orderBy(query.sort, query.order)} limit ${query.limit} offset ${query.offset}))
               with ordinality as page(id, position)
          join users u on u.id = page.id
          left join quarterly_bonuses qb on qb.user_id = u.id and qb.competition_year = ${query.bonusYear}
          cross join lateral (select u.id, u.role, u.first_name as "firstName", u.last_name as "lastName", u.email, u.date_of_birth as "dateOfBirth", u.gender,
                                     u.level_of_competition as "levelOfCompetition", ${UPLOADS_PATH}::text || u.profile_picture as "profilePicture",
                                     u.is_private_activity as "isPrivateActivity", u.email_confirmed_at is not null as "emailConfirmed",
                                     json_build_object('firstQuarter', coalesce(qb.first_quarter, false), 'secondQuarter', coalesce(qb.second_quarter, false),
                                                       'thirdQuarter', coalesce(qb.third_quarter, false), 'fourthQuarter', coalesce(qb.fourth_quarter, false)) as "quarterlyBonus") r
      ), '[]') || ',"count":' || counted.count || ',"quarterlyBonusPoints":' || ${query.quarterlyBonusPoints}::int || '}' as json,
      counted.stamp, counted.count
      from counted`),
  );
  return { json: row!.json, stamp: row!.stamp, count: Number(row!.count) };
};
