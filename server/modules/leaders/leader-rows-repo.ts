import { sql, type SQL } from 'drizzle-orm';

/** The parameters every admin leaders list statement takes (named placeholders, filled per call). */
export const listParams = {
  year: sql.placeholder('year'),
  month: sql.placeholder('month'),
  level: sql.placeholder('level'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * The page's rows as the contract's LeaderList `rows` JSON array, in the list's order (points, last
 * name, first name, user id). `page` is a FROM item named `p` with user_id, level_of_competition,
 * points, last_name and first_name; names and e-mail come from users and the monthly points from
 * score_months, each a LATERAL primary-key probe (limit 1 keeps them from being flattened: a generic
 * plan cannot know the page is ten rows and would otherwise hash-join whole tables).
 */
export const leaderRowsJson = (page: SQL) => sql`select coalesce('[' || string_agg(row_to_json(r)::text, ',' order by p.points desc nulls last, p.last_name, p.first_name, p.user_id) || ']', '[]')
  from ${page}
  cross join lateral (select u.first_name, u.last_name, u.email from users u where u.id = p.user_id limit 1) u
  left join lateral (select sm.points from score_months sm
                      where sm.user_id = p.user_id and sm.competition_year = ${listParams.year}::int and sm.month = ${listParams.month}::int limit 1) sm on true
  cross join lateral (select p.user_id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
                             p.level_of_competition as "levelOfCompetition", p.points as "annualPoints",
                             coalesce(sm.points, 0) as "monthlyPoints") r`;
