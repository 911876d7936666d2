import { z } from 'zod';
import { CompetitionYear, LevelOfCompetition, OFFSET_MAX, SearchTerm, endpoint, levels, wholeNumber } from './common';

export const LeaderRow = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  levelOfCompetition: LevelOfCompetition,
  annualPoints: z.number().int(),
  monthlyPoints: z.number().int(),
});
export type LeaderRow = z.infer<typeof LeaderRow>;
export const LeaderList = z.object({ rows: z.array(LeaderRow), count: z.number().int().min(0) });
export type LeaderList = z.infer<typeof LeaderList>;

export const TopLeader = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  annualPoints: z.number().int(),
});
export type TopLeader = z.infer<typeof TopLeader>;
/** Top leaders keyed by level name (docs/product-rules.md#leaderboard). */
export const TopLeaders = z.object(Object.fromEntries(levels.map((level) => [level, z.array(TopLeader)])) as Record<(typeof levels)[number], z.ZodArray<typeof TopLeader>>);
export type TopLeaders = z.infer<typeof TopLeaders>;

/** `competitionYear` defaults to the current one on the server (it owns the clock). */
export const TopLeadersQuery = z.object({ competitionYear: CompetitionYear.optional() });
export const LeadersQuery = z.object({
  levelOfCompetition: z.enum(levels, 'Level of competition must be Beginner, Intermediate, Advanced or Elite').optional(),
  competitionYear: CompetitionYear.optional(),
  limit: wholeNumber('Limit', 1, 100).default(10),
  offset: wholeNumber('Offset', 0, OFFSET_MAX).default(0),
  /** Optional: every word must start a word of the employee's name or e-mail (case and accents ignored). */
  search: SearchTerm,
});

export const LeadersExportQuery = LeadersQuery.omit({ limit: true, offset: true });

export const leadersEndpoints = {
  top: endpoint({ method: 'GET', path: '/leaders/top', auth: 'any', query: TopLeadersQuery, status: 200, response: TopLeaders }),
  list: endpoint({ method: 'GET', path: '/leaders', auth: 'admin', query: LeadersQuery, status: 200, response: LeaderList }),
  /** Every row of the level(s) and year (and search), as CSV. */
  exportList: endpoint({ method: 'GET', path: '/leaders/export.csv', auth: 'admin', query: LeadersExportQuery, status: 200, response: null, produces: 'csv' }),
};
