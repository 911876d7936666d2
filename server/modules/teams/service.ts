import type { Membership, MembershipBody, Participation, Team, TeamAdminRow, TeamLeaderboard, teamsEndpoints } from '@/contract/teams';
import { toIsoDay } from '@/domain/competition';
import { csvFileName, type CsvExport } from '@/domain/csv';
import { badRequest, conflict, notFound } from '@/domain/errors';
import { resolveCompetitionYear } from '@/domain/leaders-year';
import { mergeSmallGroups } from '@/domain/team-standings';
import { teamMonthKey, teamMonthRange, teamMonthsToDate, teamReferenceDay, teamYearRange } from '@/domain/team-year';
import { tickBatched, tickShared } from '../../db/tick-batch';
import { writeForUser } from '../../db/user-write-lock';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/access-token';
import { PreSerialized } from '../../http/pre-serialized';
import { auditRepo } from '../audit/repo';
import { isUniqueViolation } from '../auth/service';
import { usersRepo } from '../users/repo';
import { placeInTeam } from './membership';
import { rankIn, teamPointsFrom, type TeamPoints } from './member-points';
import { stampedCache } from '../../db/stamped-cache';
import { teamsRepo, type MemberPointsRow, type MonthWindow, type StandingsPage } from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
type Reads = ReturnType<typeof teamsRepo>;

const windowOf = (year: number, month: number): MonthWindow => ({ year, month, ...teamMonthRange(year, month) });
const yearOf = (year: number) => ({ year, ...teamYearRange(year) });
const nameTaken = () => conflict('A team with this name already exists');

type StandingsCall = { year: number; referenceDay: string; current: boolean; offset: number; limit: number };

/**
 * A page of the year's standings is the same for every caller: the reads of one turn share one
 * stamp read (tick-batch.ts), and the page is read again only when the stamp moved (stamped-cache.ts).
 */
const standingsReads = (reads: Reads, kept: ReturnType<typeof stampedCache<StandingsPage>>) =>
  tickShared<StandingsCall, StandingsPage>(
    (call) => `${call.year}|${call.referenceDay}|${call.offset}|${call.limit}`,
    async (call) => {
      const key = `${call.year}|${call.referenceDay}|${call.offset}|${call.limit}`;
      const stamp = await reads.findStandingsStamp();
      const hit = kept.get(key, stamp);
      if (hit) return hit;
      const { first: yearFirst, next: yearNext } = teamYearRange(call.year);
      const page = await reads.findStandings({ ...windowOf(call.year, Number(call.referenceDay.slice(5, 7))), yearFirst, yearNext, offset: call.offset, limit: call.limit }, call.current);
      kept.set(key, stamp, page);
      return page;
    },
  );

type PlaceCall = { userId: number; year: number; referenceDay: string };
type Kept = ReturnType<typeof stampedCache<TeamPoints>>;

const keyOf = (teamId: number, year: number, referenceDay: string) => `${teamId}|${year}|${referenceDay}`;

/**
 * The member points of the teams `stamps` names (team id -> the stamp just read), from the cache
 * where the stamp still holds, the others read together in one statement and kept.
 */
const teamPointsOf = async (reads: Reads, kept: Kept, stamps: ReadonlyMap<number, string>, year: number, referenceDay: string) => {
  const found = new Map<number, TeamPoints>();
  const missing: number[] = [];
  for (const [teamId, stamp] of stamps) {
    const hit = kept.get(keyOf(teamId, year, referenceDay), stamp);
    if (hit) found.set(teamId, hit);
    else missing.push(teamId);
  }
  if (missing.length > 0) {
    const byTeam = new Map<number, MemberPointsRow[]>(missing.map((teamId) => [teamId, []]));
    for (const row of await reads.findMemberPoints(missing, yearOf(year), referenceDay)) byTeam.get(row.teamId)!.push(row);
    for (const teamId of missing) {
      const team = teamPointsFrom(byTeam.get(teamId)!);
      kept.set(keyOf(teamId, year, referenceDay), stamps.get(teamId)!, team);
      found.set(teamId, team);
    }
  }
  return found;
};

/**
 * Each caller's team at the reference day and their rank in it: the callers of one turn are
 * answered together (tick-batch.ts), their teams' stamps in one statement, the member points of
 * teams whose stamp moved in another.
 */
const callerRankReads = (reads: Reads, kept: Kept) =>
  tickBatched<PlaceCall, { teamId: number; rank: number } | null>({
    groupOf: (call) => `${call.year}|${call.referenceDay}`,
    run: async (calls) => {
      const { year, referenceDay } = calls[0]!;
      const teamOf = new Map((await reads.findCallerTeams([...new Set(calls.map((call) => call.userId))], referenceDay)).map((row) => [row.userId, row]));
      const teams = await teamPointsOf(reads, kept, new Map([...teamOf.values()].map((row) => [row.teamId, row.stamp])), year, referenceDay);
      return calls.map((call) => {
        const team = teamOf.get(call.userId);
        const rank = team ? rankIn(teams.get(team.teamId)!, call.userId) : null;
        return team && rank !== null ? { teamId: team.teamId, rank } : null;
      });
    },
    maxBatch: 64,
  });

type LeaderboardEndpoint = (typeof teamsEndpoints)['leaderboard'];
type PageEndpoint = (typeof teamsEndpoints)['page'];
export type LeaderboardPage = { offset: number; limit: number };

export const teamsService = ({ db, clock, config }: Deps) => {
  const reads = teamsRepo(db);
  // Kept between requests while their stamps hold (stamped-cache.ts): a few pages per year, every team's members.
  const readStandings = standingsReads(reads, stampedCache<StandingsPage>(256));
  const kept = stampedCache<TeamPoints>(4_096);
  const readRank = callerRankReads(reads, kept);

  /** The page's rows come as JSON from the database; the caller's own team is added to them. */
  const leaderboard = async (caller: AuthUser, requestedYear: number | undefined, { offset, limit }: LeaderboardPage): Promise<PreSerialized<LeaderboardEndpoint>> => {
    const now = clock.now();
    const year = resolveCompetitionYear(requestedYear, now);
    const referenceDay = teamReferenceDay(year, now);
    const current = referenceDay === toIsoDay(now);
    const [standings, mine] = await Promise.all([
      readStandings({ year, referenceDay, current, offset, limit }),
      caller.role === 'user' ? readRank({ userId: caller.id, year, referenceDay }) : null,
    ]);
    const team = mine ? standings.places.get(mine.teamId) : undefined;
    const myTeam: TeamLeaderboard['myTeam'] = mine && team ? { teamId: mine.teamId, name: team.name, place: team.place, rank: mine.rank, members: team.members } : null;
    const month = teamMonthKey(year, Number(referenceDay.slice(5, 7)));
    return new PreSerialized<LeaderboardEndpoint>(
      `{"competitionYear":${year},"month":${JSON.stringify(month)},"total":${standings.total},"offset":${offset},"rows":${standings.rowsJson},"myTeam":${JSON.stringify(myTeam)}}`,
    );
  };

  /**
   * A team's page is the same for every caller: the reads of one turn share it (tick-batch.ts). It
   * is one statement while the member points kept here are current (the team's stamp did not move);
   * otherwise the points are read again, then the page with them. Points read after a stamp are at
   * least as new as it, so they may be kept under it (stamped-cache.ts).
   */
  const readPage = tickShared<{ teamId: number; year: number; referenceDay: string; now: Date }, PreSerialized<PageEndpoint>>(
    (call) => keyOf(call.teamId, call.year, call.referenceDay),
    async ({ teamId, year, referenceDay, now }) => {
      const months = teamMonthsToDate(year, now).map((month) => ({ key: teamMonthKey(year, month), month }));
      const keptPoints = kept.latest(keyOf(teamId, year, referenceDay));
      const first = await reads.findTeamPage({ teamId, year, months, points: keptPoints?.value.points ?? new Map() });
      if (!first) throw notFound('Team not found');
      if (keptPoints?.stamp === first.stamp) return new PreSerialized<PageEndpoint>(first.json);
      const points = (await teamPointsOf(reads, kept, new Map([[teamId, first.stamp]]), year, referenceDay)).get(teamId)!;
      const fresh = await reads.findTeamPage({ teamId, year, months, points: points.points });
      if (!fresh) throw notFound('Team not found');
      return new PreSerialized<PageEndpoint>(fresh.json);
    },
  );

  const page = (teamId: number, requestedYear: number | undefined): Promise<PreSerialized<PageEndpoint>> => {
    const now = clock.now();
    const year = resolveCompetitionYear(requestedYear, now);
    return readPage({ teamId, year, referenceDay: teamReferenceDay(year, now), now });
  };

  const participation = async (requestedYear: number | undefined, requestedMonth: number | undefined): Promise<Participation> => {
    const now = clock.now();
    const year = resolveCompetitionYear(requestedYear, now);
    const months = teamMonthsToDate(year, now);
    const month = requestedMonth ?? months.at(-1)!;
    // A month still to come has nobody in it yet: asking for one is a mistake worth naming.
    if (!months.includes(month)) throw badRequest('This month of the competition year has not begun');
    const groups = await reads.findMonthParticipation(windowOf(year, month));
    const { minimumGroupSize } = config.teams;
    return { competitionYear: year, month: teamMonthKey(year, month), minimumGroupSize, rows: mergeSmallGroups(groups, minimumGroupSize) };
  };

  const exportParticipation = (requestedYear: number | undefined): CsvExport => {
    const now = clock.now();
    const year = resolveCompetitionYear(requestedYear, now);
    const { minimumGroupSize } = config.teams;
    async function* rows() {
      for (const month of teamMonthsToDate(year, now)) {
        for (const row of mergeSmallGroups(await reads.findMonthParticipation(windowOf(year, month)), minimumGroupSize)) {
          yield [teamMonthKey(year, month), row.team, row.members, row.activeMembers ?? '', row.share === null ? '' : `${Math.round(row.share * 1000) / 10}%`];
        }
      }
    }
    return {
      fileName: csvFileName(['team-participation', year], toIsoDay(now)),
      header: ['Month', 'Team', 'Members', 'Active members', 'Participation'],
      rows: rows(),
    };
  };

  /** Admin writes: each change of a team and its audit entry commit together. */
  const create = async (caller: AuthUser, name: string): Promise<Team> => {
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const repo = teamsRepo(tx);
        if (await repo.findTeamByName(name)) throw nameTaken();
        const team = await repo.insertTeam(name, now);
        await auditRepo(tx).audit({ at: now, actor: caller, action: 'team.create', subject: null, after: { name: team.name } });
        return team;
      });
    } catch (error) {
      // Two admins creating the same name at once: the unique index decides.
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  };

  const rename = async (caller: AuthUser, teamId: number, name: string): Promise<Team> => {
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const repo = teamsRepo(tx);
        const team = await repo.findTeam(teamId, true);
        if (!team) throw notFound('Team not found');
        if (team.archived) throw conflict('An archived team cannot be renamed');
        const other = await repo.findTeamByName(name);
        if (other && other.id !== teamId) throw nameTaken();
        if (team.name === name) return team;
        const renamed = await repo.renameTeam(teamId, name);
        await auditRepo(tx).audit({ at: now, actor: caller, action: 'team.rename', subject: null, before: { name: team.name }, after: { name: renamed.name } });
        return renamed;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  };

  const archive = async (caller: AuthUser, teamId: number): Promise<Team> => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const repo = teamsRepo(tx);
      const team = await repo.findTeam(teamId, true);
      if (!team) throw notFound('Team not found');
      if (team.archived) return team;
      const archived = await repo.archiveTeam(teamId, toIsoDay(now), now);
      await auditRepo(tx).audit({ at: now, actor: caller, action: 'team.archive', subject: null, before: { name: team.name }, after: { name: team.name, archived: true } });
      return archived;
    });
  };

  /** An admin moves an employee (role user) into a team in play, or out of every team, from today. */
  const assign = async (caller: AuthUser, body: { email: MembershipBody['email']; teamId: number | null }): Promise<Membership> => {
    const now = clock.now();
    const employee = await usersRepo(db).findUserRowByEmail(body.email);
    if (!employee || employee.role !== 'user') throw notFound('No employee has this email');
    return writeForUser(db, employee.id, async (tx) => {
      if (body.teamId !== null) {
        const team = await teamsRepo(tx).findTeam(body.teamId);
        if (!team) throw notFound('Team not found');
        if (team.archived) throw conflict('This team is archived');
      }
      const startsOn = await placeInTeam(tx, { userId: employee.id, teamId: body.teamId, day: toIsoDay(now), at: now, actor: caller });
      return { userId: employee.id, teamId: body.teamId, startsOn };
    });
  };

  return {
    leaderboard,
    page,
    adminList: (): Promise<TeamAdminRow[]> => reads.listTeams(),
    create,
    rename,
    archive,
    assign,
    participation,
    exportParticipation,
  };
};
