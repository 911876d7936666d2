import { z } from 'zod';
import { CompetitionYear, Id, IdParams, OFFSET_MAX, endpoint, hasControlCharacter, wholeNumber } from './common';
import { email } from './fields';

/** Teams: departments or offices competing by average points (docs/product-rules.md#teams). */

const count = z.number().int().min(0);
/** A calendar month of the competition year, `YYYY-MM`. */
const MonthKey = z.string().regex(/^\d{4}-\d{2}$/);

export const TEAM_NAME_MAX = 60;
export const teamName = z
  .string('Please enter the team name')
  .trim()
  .min(1, 'Please enter the team name')
  .max(TEAM_NAME_MAX, `Team name must be at most ${TEAM_NAME_MAX} characters`)
  .refine((value) => !hasControlCharacter(value), 'Team name must not contain control characters');

/** `competitionYear` defaults to the current one on the server (it owns the clock). */
export const TeamsQuery = z.object({ competitionYear: CompetitionYear.optional() });

/** Teams per page of the leaderboard (docs/product-rules.md#page-sizes-and-pagination). */
export const TEAMS_PAGE_SIZE = 25;
export const TeamLeaderboardQuery = TeamsQuery.extend({
  limit: wholeNumber('Limit', 1, 100).default(TEAMS_PAGE_SIZE),
  offset: wholeNumber('Offset', 0, OFFSET_MAX).default(0),
});

export const TeamStanding = z.object({
  teamId: z.number().int(),
  /** The team's place in the order of the whole leaderboard (1 first). */
  place: z.number().int().positive(),
  name: z.string(),
  archived: z.boolean(),
  /** Total points over members (at the year's reference day), one decimal; 0 for a team without members. */
  averagePoints: z.number().min(0),
  totalPoints: count,
  members: count,
  /** Members who logged anything in the reference month while in the team. */
  activeMembers: count,
});
export type TeamStanding = z.infer<typeof TeamStanding>;

export const TeamLeaderboard = z.object({
  competitionYear: z.number().int(),
  /** The month 'Active this month' counts: the current month, or March for a past year. */
  month: MonthKey,
  /** Teams in the whole leaderboard; `rows` is the page of them from `offset` on. */
  total: count,
  offset: count,
  rows: z.array(TeamStanding),
  /**
   * The caller's team of the year (at its reference day), on whichever page it is: its name and
   * place among the teams, and the caller's rank among its members; null without one.
   */
  myTeam: z
    .object({ teamId: z.number().int(), name: z.string(), place: z.number().int().positive(), rank: z.number().int().positive(), members: count })
    .nullable(),
});
export type TeamLeaderboard = z.infer<typeof TeamLeaderboard>;

export const TeamMember = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  /** Points scored while in this team in the year. */
  points: count,
  /** Ties share the better place. */
  rank: z.number().int().positive(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const Team = z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() });
export type Team = z.infer<typeof Team>;

export const TeamPage = z.object({
  team: Team,
  competitionYear: z.number().int(),
  /** Members at the year's reference day, best first. */
  members: z.array(TeamMember),
  /** The team's points per month of the year, April first, up to the current month. */
  months: z.array(z.object({ month: MonthKey, points: count })).max(12),
});
export type TeamPage = z.infer<typeof TeamPage>;

/** The admin list: every team, archived ones too, with its members today. */
export const TeamAdminRow = Team.extend({ members: count });
export type TeamAdminRow = z.infer<typeof TeamAdminRow>;

export const TeamBody = z.object({ name: teamName });
export type TeamBody = z.infer<typeof TeamBody>;

/** Puts an employee in a team from today (`teamId` null: in none). */
export const MembershipBody = z.object({ email, teamId: Id.nullable() });
export type MembershipBody = z.input<typeof MembershipBody>;
export const Membership = z.object({ userId: z.number().int(), teamId: z.number().int().nullable(), startsOn: z.string().nullable() });
export type Membership = z.infer<typeof Membership>;

export const ParticipationQuery = z.object({ competitionYear: CompetitionYear.optional(), month: wholeNumber('Month', 1, 12).optional() });
export const ParticipationExportQuery = TeamsQuery;

export const ParticipationRow = z.object({
  /** The team's name, or 'Other teams' for the teams merged for being small. */
  team: z.string(),
  /** Null for 'Other teams'. */
  teamId: z.number().int().nullable(),
  members: count,
  /** Null (withheld) while 'Other teams' itself is below the minimum size. */
  activeMembers: count.nullable(),
  /** activeMembers / members, 0-1 to three decimals; null when withheld. */
  share: z.number().min(0).max(1).nullable(),
});
export type ParticipationRow = z.infer<typeof ParticipationRow>;

export const Participation = z.object({
  competitionYear: z.number().int(),
  month: MonthKey,
  minimumGroupSize: z.number().int().positive(),
  rows: z.array(ParticipationRow),
});
export type Participation = z.infer<typeof Participation>;

export const teamsEndpoints = {
  leaderboard: endpoint({ method: 'GET', path: '/teams', auth: 'any', query: TeamLeaderboardQuery, status: 200, response: TeamLeaderboard }),
  page: endpoint({ method: 'GET', path: '/teams/:id', auth: 'any', params: IdParams, query: TeamsQuery, status: 200, response: TeamPage }),
  adminList: endpoint({ method: 'GET', path: '/team-admin/teams', auth: 'admin', status: 200, response: z.array(TeamAdminRow) }),
  create: endpoint({ method: 'POST', path: '/team-admin/teams', auth: 'admin', body: TeamBody, status: 201, response: Team }),
  rename: endpoint({ method: 'PUT', path: '/team-admin/teams/:id', auth: 'admin', params: IdParams, body: TeamBody, status: 200, response: Team }),
  /** Ends every membership of the team today; the team keeps its results. */
  archive: endpoint({ method: 'PUT', path: '/team-admin/teams/:id/archive', auth: 'admin', params: IdParams, status: 200, response: Team }),
  assign: endpoint({ method: 'PUT', path: '/team-admin/membership', auth: 'admin', body: MembershipBody, status: 200, response: Membership }),
  participation: endpoint({ method: 'GET', path: '/team-admin/participation', auth: 'admin', query: ParticipationQuery, status: 200, response: Participation }),
  /** Every month of the year to date, with the same merging of small groups. */
  exportParticipation: endpoint({ method: 'GET', path: '/team-admin/participation.csv', auth: 'admin', query: ParticipationExportQuery, status: 200, response: null, produces: 'csv' }),
};
