import { levels, type LevelOfCompetition } from '@/contract/common';
import type { CompetitionOverview, MyProgress, insightsEndpoints } from '@/contract/insights';
import { insightMonthsOf } from '@/domain/insights';
import { resolveCompetitionYear } from '@/domain/leaders-year';
import type { AppDeps } from '../../deps';
import { PreSerialized } from '../../http/pre-serialized';
import { leadersRepo } from '../leaders/repo';
import { insightsRepo } from './repo';

type ProgressEndpoint = (typeof insightsEndpoints)['progress'];
type OverviewEndpoint = (typeof insightsEndpoints)['overview'];

type Reads = ReturnType<typeof insightsRepo>;

/** The caller's months of a competition year (a year after the current one is a 400). */
const myProgress = async (reads: Reads, userId: number, requestedYear: number | undefined, now: Date): Promise<PreSerialized<ProgressEndpoint>> => {
  const year = resolveCompetitionYear(requestedYear, now);
  const months = insightMonthsOf(year, now);
  const rows = await reads.findProgress(userId, year, months.map((month) => month.month));
  const body: MyProgress = {
    competitionYear: year,
    levelOfCompetition: (rows[0]?.level ?? 'Beginner') as LevelOfCompetition,
    months: rows.map((row, index) => ({
      month: months[index]!.key,
      minutes: row.minutes,
      points: row.points,
      rank: row.rank,
      competitors: row.competitors,
      levelMedian: row.median,
    })),
  };
  // Small and built here: stringified once, without the zod response pass (a hot read).
  return new PreSerialized<ProgressEndpoint>(JSON.stringify(body));
};

const noMinutes = () => Object.fromEntries(levels.map((level) => [level, 0])) as Record<LevelOfCompetition, number>;

/** Admin overview: every month of the year summed over the levels' groups, plus tracker counts. */
const competitionOverview = async (reads: Reads, years: ReturnType<typeof leadersRepo>, requestedYear: number | undefined, now: Date): Promise<PreSerialized<OverviewEndpoint>> => {
  const year = resolveCompetitionYear(requestedYear, now);
  let facts = await reads.findOverviewFacts(year);
  // Once per year (a new year, after a rebuild): then the employee count covers everyone.
  if (!facts.filled) {
    await years.ensureYearRows(year);
    facts = await reads.findOverviewFacts(year);
  }
  const body: CompetitionOverview = {
    competitionYear: year,
    months: insightMonthsOf(year, now).map(({ key, month }) => {
      const groups = facts.groups.filter((group) => group.month === month);
      const minutesByLevel = noMinutes();
      for (const group of groups) if (group.level in minutesByLevel) minutesByLevel[group.level as LevelOfCompetition] += group.minutes;
      return {
        month: key,
        activeEmployees: groups.reduce((sum, group) => sum + group.employees, 0),
        minutesByLevel,
        eventParticipations: groups.reduce((sum, group) => sum + group.events, 0),
        stepAchievements: groups.reduce((sum, group) => sum + group.steps, 0),
      };
    }),
    trackers: { strava: facts.strava, fitbit: facts.fitbit, connectedEmployees: facts.connectedEmployees, employees: facts.employees },
  };
  return new PreSerialized<OverviewEndpoint>(JSON.stringify(body));
};

export const insightsService = ({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) => {
  // Built once per app: the progress read allocates only its rows and answer.
  const reads = insightsRepo(db);
  const years = leadersRepo(db);
  return {
    progress: (userId: number, competitionYear: number | undefined) => myProgress(reads, userId, competitionYear, clock.now()),
    overview: (competitionYear: number | undefined) => competitionOverview(reads, years, competitionYear, clock.now()),
  };
};
