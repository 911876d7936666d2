import { sql } from 'drizzle-orm';
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

export type TeamTotalsRow = { teamId: number; name: string; archived: boolean; totalPoints: number; members: number; activeMembers: number };

/**
 * Every team of the year with its total, its members on the reference day and how many of them were
 * active in the reference month since they joined: team_months' year row (members on the year's
 * last day) and its month rows (active_at_end: members on the month's last day). As memberships
 * change only from today on, those containing today (the current year's reference day) are those
 * containing its month's and year's last days. Teams with a member in the year are listed, and
 * (`withTeamsInPlay`) every team not archived.
 */
const yearTotalsStatement = rawStatement(
  'teams_year_totals',
  sql`with totals as (
        select tm.team_id, sum(tm.points)::int as points, coalesce(sum(tm.active_at_end) filter (where tm.month = ${sql.placeholder('month')}::int), 0)::int as active
          from team_months tm where tm.competition_year = ${sql.placeholder('year')}::int and tm.month > 0 group by tm.team_id
      ), members as (
        select distinct on (tm.team_id) tm.team_id, tm.members from team_months tm
         where tm.month = 0 and tm.competition_year <= ${sql.placeholder('year')}::int order by tm.team_id, tm.competition_year desc
      )
      select t.id, t.name, t.archived_at is not null, coalesce(x.points, 0)::int, coalesce(c.members, 0)::int, coalesce(x.active, 0)::int
        from teams t left join totals x on x.team_id = t.id left join members c on c.team_id = t.id
       where x.team_id is not null or c.members > 0 or (${sql.placeholder('inPlay')}::boolean and t.archived_at is null)
          or exists (select 1 from team_memberships m where m.team_id = t.id and m.starts_on < ${sql.placeholder('yearNext')}::date
                        and (m.ends_on is null or m.ends_on > ${sql.placeholder('yearFirst')}::date) and not ${uncounted})`,
);

export const findYearTotals = async (db: DbOrTx, window: MonthWindow & { yearFirst: string; yearNext: string }, withTeamsInPlay: boolean): Promise<TeamTotalsRow[]> =>
  (await yearTotalsStatement(db, { year: window.year, month: window.month, yearFirst: window.yearFirst, yearNext: window.yearNext, inPlay: withTeamsInPlay })).map(
    ([teamId, name, archived, totalPoints, members, activeMembers]) =>
      ({ teamId, name, archived, totalPoints, members, activeMembers }) as TeamTotalsRow,
  );

export type MemberPointsRow = { teamId: number; userId: number; firstName: string; lastName: string; profilePicture: string | null; points: number };

/**
 * The members of the teams `teamIds` at `referenceDay` with the points each scored in the year
 * while in their team, best first per team: the score_months rows of the months one membership of
 * the team covers whole, plus their stored shares of split months (team_months.movers).
 */
const memberPointsStatement = rawStatement(
  'teams_member_points',
  sql`with spans as (
        select m.team_id, m.user_id, greatest(m.starts_on, ${sql.placeholder('first')}::date) as from_day, least(coalesce(m.ends_on, ${sql.placeholder('next')}::date), ${sql.placeholder('next')}::date) as to_day
          from team_memberships m
         where m.team_id = any(${sql.placeholder('teams')}::int[]) and m.starts_on < ${sql.placeholder('next')}::date and (m.ends_on is null or m.ends_on > ${sql.placeholder('first')}::date) and not ${uncounted}
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
      )
      select p.team_id, p.user_id, u.first_name, u.last_name,
             case when u.profile_picture is null then null else ${sql.placeholder('uploads')}::text || u.profile_picture end,
             (coalesce(w.points, 0) + coalesce(x.points, 0))::int
        from people p join users u on u.id = p.user_id
        left join whole w on w.team_id = p.team_id and w.user_id = p.user_id
        left join split x on x.team_id = p.team_id and x.user_id = p.user_id
       order by p.team_id, 6 desc, u.last_name, u.first_name, u.id`,
);

export const findMemberPoints = async (db: DbOrTx, teamIds: readonly number[], year: YearWindow, referenceDay: string): Promise<MemberPointsRow[]> =>
  (await memberPointsStatement(db, { teams: `{${teamIds.join(',')}}`, year: year.year, first: year.first, next: year.next, day: referenceDay, uploads: UPLOADS_PATH })).map(
    ([teamId, userId, firstName, lastName, profilePicture, points]) => ({ teamId, userId, firstName, lastName, profilePicture, points }) as MemberPointsRow,
  );

/** The team's points per calendar month of the year (months without points are absent). */
export const findTeamMonths = async (db: DbOrTx, teamId: number, year: number): Promise<{ month: number; points: number }[]> =>
  rowsOf<{ month: number; points: number }>(
    await db.execute(sql`select tm.month::int as month, tm.points from team_months tm
       where tm.competition_year = ${year} and tm.team_id = ${teamId} and tm.month > 0 and tm.points <> 0`),
  );

/** The team each of the employees `userIds` belongs to at `day` (those in none are absent). */
export const findTeamsAt = async (db: DbOrTx, userIds: readonly number[], day: string): Promise<{ userId: number; teamId: number }[]> =>
  rowsOf<{ userId: number; teamId: number }>(
    await db.execute(sql`select user_id as "userId", team_id as "teamId" from team_memberships
       where user_id = any(${`{${userIds.join(',')}}`}::int[]) and starts_on <= ${day}::date and (ends_on is null or ends_on > ${day}::date)`),
  );

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
  findYearTotals,
  findMemberPoints,
  findTeamMonths,
  findTeamsAt,
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
