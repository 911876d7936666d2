import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawStatement } from '../../db/raw-statement';
import { repoOf } from '../../db/repo-of';
import { rowsOf } from '../../db/rows';
import { UPLOADS_PATH } from '../users/serialize';

/**
 * The SQL of teams (docs/product-rules.md#teams). Points and activity come from team_months (per
 * team and month, kept in the writers' transactions: server/db/functions/teams.sql); who is in a
 * team on a day is counted from the memberships' indexes. Only the leaderboard's people count:
 * employees with a confirmed address, the others being the few of users_uncounted_idx.
 */

export type MonthWindow = { year: number; month: number; first: string; next: string };
/** The competition year as [first, next) days. */
export type YearWindow = { year: number; first: string; next: string };

/** Whether the membership `m` belongs to someone outside the counts (an anti-join against a small partial index). */
const uncounted = sql`exists (select 1 from users u where u.id = m.user_id and (u.role <> 'user' or u.email_confirmed_at is null))`;

/** A name's place in the leaderboard's A-Z: case and accents ignored, the same on every database (no locale). */
const nameOrder = (name: SQL) => sql`lower(public.unaccent('public.unaccent'::regdictionary, ${name})) collate "C"`;

/**
 * The year's standings in the leaderboard's order (docs/product-rules.md#teams), paged in SQL:
 * how many teams it holds, the page as the contract's TeamStanding JSON, and every team's place
 * and members (for the caller's own team, wherever it is). Each team's total, members on the
 * reference day and members active in the reference month come from team_months' year row
 * (members on the year's last day) and its month rows (active_at_end: members on the month's last
 * day): as memberships change only from today on, those containing today (the current year's
 * reference day) are those containing its month's and year's last days. Teams with a member in
 * the year are listed, and (`inPlay`) every team not archived.
 */
const standingsStatement = rawStatement(
  'teams_standings',
  sql`with totals as (
        select tm.team_id, sum(tm.points)::int as points, coalesce(sum(tm.active_at_end) filter (where tm.month = ${sql.placeholder('month')}::int), 0)::int as active
          from team_months tm where tm.competition_year = ${sql.placeholder('year')}::int and tm.month > 0 group by tm.team_id
      ), members as (
        select distinct on (tm.team_id) tm.team_id, tm.members from team_months tm
         where tm.month = 0 and tm.competition_year <= ${sql.placeholder('year')}::int order by tm.team_id, tm.competition_year desc
      ), standings as (
        select t.id, t.name, t.archived_at is not null as archived, coalesce(x.points, 0)::int as total, coalesce(c.members, 0)::int as members,
               coalesce(x.active, 0)::int as active
          from teams t left join totals x on x.team_id = t.id left join members c on c.team_id = t.id
         where x.team_id is not null or c.members > 0 or (${sql.placeholder('inPlay')}::boolean and t.archived_at is null)
            or exists (select 1 from team_memberships m where m.team_id = t.id and m.starts_on < ${sql.placeholder('yearNext')}::date
                          and (m.ends_on is null or m.ends_on > ${sql.placeholder('yearFirst')}::date) and not ${uncounted})
      ), averaged as (
        select s.*, case when s.members = 0 then 0 else round(s.total::numeric / s.members, 1) end as average from standings s
      ), ordered as (
        -- Teams without members last, by name alone: an average of nobody is no score.
        select a.*, row_number() over (order by a.members = 0, a.average desc, case when a.members = 0 then 0 else a.total end desc, ${nameOrder(sql`a.name`)}, a.id)::int as place
          from averaged a
      )
      select (select count(*) from ordered)::int,
             coalesce((select json_agg(json_build_object('teamId', o.id, 'place', o.place, 'name', o.name, 'archived', o.archived, 'averagePoints', o.average,
                                                         'totalPoints', o.total, 'members', o.members, 'activeMembers', o.active) order by o.place)
                         from ordered o where o.place > ${sql.placeholder('offset')}::int and o.place <= ${sql.placeholder('offset')}::int + ${sql.placeholder('limit')}::int), '[]')::text,
             coalesce((select json_agg(json_build_array(o.id, o.place, o.members, o.name)) from ordered o), '[]')::text`,
);

/**
 * One stamp for the standings of every year: each team's scores stamp, name and archived state
 * (a team's points and members change its scores stamp; a new team, a rename or an archive the rest).
 */
const standingsStampStatement = rawStatement(
  'teams_standings_stamp',
  sql`select md5(coalesce(string_agg(t.id || ':' || t.scores_stamp || ':' || (t.archived_at is null) || ':' || t.name, ',' order by t.id), ''))::text from teams t`,
);

export const findStandingsStamp = async (db: DbOrTx): Promise<string> => {
  const [[stamp]] = (await standingsStampStatement(db, {})) as [[string]];
  return stamp;
};

export type StandingsWindow = MonthWindow & { yearFirst: string; yearNext: string; offset: number; limit: number };
/** A team's place and members in the standings. */
export type TeamPlace = { place: number; members: number; name: string };
export type StandingsPage = { total: number; rowsJson: string; places: Map<number, TeamPlace> };

export const findStandings = async (db: DbOrTx, window: StandingsWindow, withTeamsInPlay: boolean): Promise<StandingsPage> => {
  const { year, month, yearFirst, yearNext, offset, limit } = window;
  const [[total, rowsJson, placesJson]] = (await standingsStatement(db, { year, month, yearFirst, yearNext, offset, limit, inPlay: withTeamsInPlay })) as [[number, string, string]];
  const places = new Map((JSON.parse(placesJson) as [number, number, number, string][]).map(([teamId, place, members, name]) => [teamId, { place, members, name }]));
  return { total, rowsJson, places };
};

/**
 * The CTEs up to `points (team_id, user_id, points)`: the members of the teams `teams` (a set of
 * ids) at the reference day with the points each scored in the year while in their team: the
 * score_months rows of the months one membership of the team covers whole, plus their stored
 * shares of split months (team_months.movers).
 */
const memberPointsCtes = (teams: SQL) => sql`spans as (
        select m.team_id, m.user_id, greatest(m.starts_on, ${sql.placeholder('first')}::date) as from_day, least(coalesce(m.ends_on, ${sql.placeholder('next')}::date), ${sql.placeholder('next')}::date) as to_day
          from team_memberships m
         where m.team_id in (${teams}) and m.starts_on < ${sql.placeholder('next')}::date and (m.ends_on is null or m.ends_on > ${sql.placeholder('first')}::date) and not ${uncounted}
      ), people as (
        select distinct s.team_id, s.user_id from spans s where s.from_day <= ${sql.placeholder('day')}::date and ${sql.placeholder('day')}::date < s.to_day
      ), whole as (
        select s.team_id, s.user_id, sum(sm.points)::int as points
          from spans s join score_months sm on sm.user_id = s.user_id and sm.competition_year = ${sql.placeholder('year')}::int and sm.role = 'user' and sm.confirmed
         where (s.team_id, s.user_id) in (select team_id, user_id from people)
           and competition_month_first_day(${sql.placeholder('year')}::int, sm.month) >= s.from_day
           and competition_month_first_day(${sql.placeholder('year')}::int, sm.month) + interval '1 month' <= s.to_day
         group by s.team_id, s.user_id
      ), split as (
        select tm.team_id, e.key::int as user_id, sum((e.value ->> 0)::int)::int as points
          from team_months tm cross join lateral jsonb_each(tm.movers) e
         where tm.competition_year = ${sql.placeholder('year')}::int and tm.team_id in (select team_id from people) group by 1, 2
      ), points as (
        select p.team_id, p.user_id, (coalesce(w.points, 0) + coalesce(x.points, 0))::int as points
          from people p
          left join whole w on w.team_id = p.team_id and w.user_id = p.user_id
          left join split x on x.team_id = p.team_id and x.user_id = p.user_id
      )`;

/** The people in the teams `teams` at the reference day with their points for the team. */
const memberPointsStatement = rawStatement(
  'teams_member_points',
  sql`with ${memberPointsCtes(sql`select unnest(${sql.placeholder('teams')}::int[])`)}
      select p.team_id, p.user_id, p.points from points p`,
);

export type MemberPointsRow = { teamId: number; userId: number; points: number };

export const findMemberPoints = async (db: DbOrTx, teamIds: readonly number[], year: YearWindow, referenceDay: string): Promise<MemberPointsRow[]> =>
  (await memberPointsStatement(db, { teams: `{${teamIds.join(',')}}`, year: year.year, first: year.first, next: year.next, day: referenceDay })).map(
    ([teamId, userId, points]) => ({ teamId, userId, points }) as MemberPointsRow,
  );

/** Each of the employees `users`' team at `day` with its scores stamp; those in none, or outside the counts, are absent. */
const callerTeamsStatement = rawStatement(
  'teams_caller_teams',
  sql`select m.user_id, m.team_id, t.scores_stamp::text from team_memberships m join teams t on t.id = m.team_id
       where m.user_id = any(${sql.placeholder('users')}::int[]) and m.starts_on <= ${sql.placeholder('day')}::date
         and (m.ends_on is null or m.ends_on > ${sql.placeholder('day')}::date) and not ${uncounted}`,
);

export type CallerTeamRow = { userId: number; teamId: number; stamp: string };

export const findCallerTeams = async (db: DbOrTx, userIds: readonly number[], day: string): Promise<CallerTeamRow[]> =>
  (await callerTeamsStatement(db, { users: `{${userIds.join(',')}}`, day })).map(([userId, teamId, stamp]) => ({ userId, teamId, stamp }) as CallerTeamRow);

/**
 * A team's page as the contract's TeamPage JSON, in one statement: the team, its members `users`
 * with their `points` in the page's order (points, then last and first name) and rank (ties share
 * the better place), and its points in each of the months `months` (keys `monthKeys`). The team's
 * scores stamp comes with it from the same snapshot, so the caller knows whether the points it
 * passed (kept under a stamp) were still current. No row: no such team.
 */
const teamPageStatement = rawStatement(
  'teams_page',
  sql`with members as (
        select u.id, u.first_name, u.last_name, case when u.profile_picture is null then null else ${sql.placeholder('uploads')}::text || u.profile_picture end as picture,
               p.points, rank() over (order by p.points desc)::int as rank
          from unnest(${sql.placeholder('users')}::int[], ${sql.placeholder('points')}::int[]) as p(user_id, points) join users u on u.id = p.user_id
      )
      select t.scores_stamp::text,
             json_build_object(
               'team', json_build_object('id', t.id, 'name', t.name, 'archived', t.archived_at is not null),
               'competitionYear', ${sql.placeholder('year')}::int,
               'members', coalesce((select json_agg(json_build_object('userId', m.id, 'firstName', m.first_name, 'lastName', m.last_name, 'profilePicture', m.picture,
                                                                      'points', m.points, 'rank', m.rank) order by m.points desc, m.last_name, m.first_name, m.id)
                                      from members m), '[]'),
               'months', (select json_agg(json_build_object('month', k.key, 'points', coalesce(tm.points, 0)) order by k.n)
                            from unnest(${sql.placeholder('monthKeys')}::text[], ${sql.placeholder('months')}::int[]) with ordinality as k(key, month, n)
                            left join team_months tm on tm.competition_year = ${sql.placeholder('year')}::int and tm.team_id = t.id and tm.month = k.month)
             )::text
        from teams t where t.id = ${sql.placeholder('team')}::int`,
);

export type TeamPageRead = { stamp: string; json: string };
export type TeamPageCall = { teamId: number; year: number; months: readonly { key: string; month: number }[]; points: ReadonlyMap<number, number> };

export const findTeamPage = async (db: DbOrTx, call: TeamPageCall): Promise<TeamPageRead | null> => {
  const [row] = (await teamPageStatement(db, {
    team: call.teamId,
    year: call.year,
    users: `{${[...call.points.keys()].join(',')}}`,
    points: `{${[...call.points.values()].join(',')}}`,
    monthKeys: `{${call.months.map((month) => month.key).join(',')}}`,
    months: `{${call.months.map((month) => month.month).join(',')}}`,
    uploads: UPLOADS_PATH,
  })) as [string, string][];
  return row ? { stamp: row[0], json: row[1] } : null;
};

export type GroupCountRow = { teamId: number; name: string; members: number; activeMembers: number };

/**
 * Per team, the people who belonged to it on any day of the month (counted from the memberships)
 * and those of them who logged anything while in it (team_months.active_members).
 */
export const findMonthParticipation = async (db: DbOrTx, window: MonthWindow): Promise<GroupCountRow[]> =>
  rowsOf<GroupCountRow>(
    await db.execute(sql`with members as (
        select m.team_id, count(distinct m.user_id)::int as members from team_memberships m
         where m.starts_on < ${window.next}::date and (m.ends_on is null or m.ends_on > ${window.first}::date) and not ${uncounted}
         group by m.team_id
      )
      select t.id as "teamId", t.name, c.members, coalesce(tm.active_members, 0)::int as "activeMembers"
        from members c join teams t on t.id = c.team_id
        left join team_months tm on tm.competition_year = ${window.year} and tm.team_id = c.team_id and tm.month = ${window.month}`),
  );

export type TeamRow = { id: number; name: string; archived: boolean };

const teamColumns = sql`id, name, archived_at is not null as archived`;

export const findTeam = async (db: DbOrTx, id: number, forUpdate = false): Promise<TeamRow | null> => {
  const [row] = rowsOf<TeamRow>(await db.execute(sql`select ${teamColumns} from teams where id = ${id} ${forUpdate ? sql`for update` : sql``}`));
  return row ?? null;
};

/** The team in play with this name (case ignored). */
export const findTeamByName = async (db: DbOrTx, name: string): Promise<TeamRow | null> => {
  const [row] = rowsOf<TeamRow>(await db.execute(sql`select ${teamColumns} from teams where lower(name) = lower(${name}) and archived_at is null`));
  return row ?? null;
};

export const listTeams = async (db: DbOrTx): Promise<(TeamRow & { members: number })[]> =>
  rowsOf<TeamRow & { members: number }>(
    await db.execute(sql`select t.id, t.name, t.archived_at is not null as archived,
             (select count(*) from team_memberships m where m.team_id = t.id and m.ends_on is null)::int as members
        from teams t order by t.archived_at is not null, lower(t.name), t.id`),
  );

export const insertTeam = async (db: DbOrTx, name: string, now: Date): Promise<TeamRow> => {
  const [row] = rowsOf<TeamRow>(await db.execute(sql`insert into teams (name, created_at) values (${name}, ${now.toISOString()}) returning ${teamColumns}`));
  return row!;
};

export const renameTeam = async (db: DbOrTx, id: number, name: string): Promise<TeamRow> => {
  const [row] = rowsOf<TeamRow>(await db.execute(sql`update teams set name = ${name} where id = ${id} returning ${teamColumns}`));
  return row!;
};

/** Archives the team and ends its memberships on `day` (one begun that very day is removed: it never counted). */
export const archiveTeam = async (db: DbOrTx, id: number, day: string, now: Date): Promise<TeamRow> => {
  await db.execute(sql`delete from team_memberships where team_id = ${id} and ends_on is null and starts_on >= ${day}::date`);
  await db.execute(sql`update team_memberships set ends_on = ${day}::date where team_id = ${id} and ends_on is null`);
  const [row] = rowsOf<TeamRow>(await db.execute(sql`update teams set archived_at = ${now.toISOString()} where id = ${id} returning ${teamColumns}`));
  return row!;
};

export type OpenMembership = { id: number; teamId: number; startsOn: string };

export const findOpenMembership = async (db: DbOrTx, userId: number): Promise<OpenMembership | null> => {
  const [row] = rowsOf<OpenMembership>(
    await db.execute(sql`select id, team_id as "teamId", starts_on::text as "startsOn" from team_memberships where user_id = ${userId} and ends_on is null for update`),
  );
  return row ?? null;
};

/** Ends a membership on `day`; one that began that day is removed (it never counted). */
export const endMembership = async (db: DbOrTx, membership: OpenMembership, day: string) => {
  if (membership.startsOn >= day) await db.execute(sql`delete from team_memberships where id = ${membership.id}`);
  else await db.execute(sql`update team_memberships set ends_on = ${day}::date where id = ${membership.id}`);
};

export const insertMembership = async (db: DbOrTx, userId: number, teamId: number, day: string) => {
  await db.execute(sql`insert into team_memberships (user_id, team_id, starts_on) values (${userId}, ${teamId}, ${day}::date)`);
};

export const teamsRepo = repoOf({
  findStandings,
  findStandingsStamp,
  findMemberPoints,
  findCallerTeams,
  findTeamPage,
  findMonthParticipation,
  findTeam,
  findTeamByName,
  listTeams,
  insertTeam,
  renameTeam,
  archiveTeam,
  findOpenMembership,
  endMembership,
  insertMembership,
});
