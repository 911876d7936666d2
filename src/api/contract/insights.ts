import { z } from 'zod';
import { CompetitionYear, LevelOfCompetition, endpoint, levels } from './common';
import { providerSources, type ProviderSource } from './tracker-providers';

/** Progress charts and the admin competition overview (docs/product-rules.md#progress-charts-and-overview), read from the score tables. */

const count = z.number().int().min(0);
/** One count per registered tracker provider, keyed by its `source`. */
const providerCounts = Object.fromEntries(providerSources.map((source) => [source, count])) as Record<ProviderSource, typeof count>;
/** A calendar month of the competition year, `YYYY-MM`. */
const MonthKey = z.string().regex(/^\d{4}-\d{2}$/);

/** `competitionYear` defaults to the current one on the server (it owns the clock). */
export const InsightsQuery = z.object({ competitionYear: CompetitionYear.optional() });

export const ProgressMonth = z.object({
  month: MonthKey,
  /** Activity minutes logged in the month (the dashboard's total). */
  minutes: count,
  points: count,
  /** Place among the employees of the level who scored in the month; null without points. */
  rank: z.number().int().positive().nullable(),
  /** Employees of the level who scored in the month. */
  competitors: count,
  /** Median points of those employees (0 when nobody scored). */
  levelMedian: z.number().min(0),
});
export type ProgressMonth = z.infer<typeof ProgressMonth>;

/** The caller's competition year month by month, April first, up to the current month. */
export const MyProgress = z.object({
  competitionYear: z.number().int(),
  levelOfCompetition: LevelOfCompetition,
  months: z.array(ProgressMonth).min(1).max(12),
});
export type MyProgress = z.infer<typeof MyProgress>;

export const MinutesByLevel = z.object(Object.fromEntries(levels.map((level) => [level, count])) as Record<(typeof levels)[number], typeof count>);
export type MinutesByLevel = z.infer<typeof MinutesByLevel>;

export const OverviewMonth = z.object({
  month: MonthKey,
  /** Employees who scored points in the month. */
  activeEmployees: count,
  minutesByLevel: MinutesByLevel,
  eventParticipations: count,
  stepAchievements: count,
});
export type OverviewMonth = z.infer<typeof OverviewMonth>;

export const CompetitionOverview = z.object({
  competitionYear: z.number().int(),
  months: z.array(OverviewMonth).min(1).max(12),
  /**
   * Tracker connections now (not per year): employees with at least one, and one count per provider
   * keyed by its `source` (src/api/contract/tracker-providers.ts).
   */
  trackers: z.object({ ...providerCounts, connectedEmployees: count, employees: count }),
});
export type CompetitionOverview = z.infer<typeof CompetitionOverview>;

export const insightsEndpoints = {
  /** The signed-in employee's months: minutes, points, rank in the level and the level's median. */
  progress: endpoint({ method: 'GET', path: '/insights/progress', auth: 'user', query: InsightsQuery, status: 200, response: MyProgress }),
  /** Admin overview of a competition year. */
  overview: endpoint({ method: 'GET', path: '/insights/overview', auth: 'admin', query: InsightsQuery, status: 200, response: CompetitionOverview }),
};
