import type { insightsEndpoints } from '@/contract/insights';
import { resolveCompetitionYear } from '@/domain/leaders-year';
import type { AppDeps } from '../../deps';
import { PreSerialized } from '../../http/pre-serialized';
import { leadersRepo } from '../leaders/repo';
import { monthParamsOf } from './month-params';
import { insightsRepo } from './repo';

type ProgressEndpoint = (typeof insightsEndpoints)['progress'];
type OverviewEndpoint = (typeof insightsEndpoints)['overview'];

type Reads = ReturnType<typeof insightsRepo>;

/**
 * Both answers are hot reads written whole by PostgreSQL (repo.ts) and sent as they are: Node
 * only resolves the year and the chart's months (insightMonthsOf, memoised per month).
 */

/** The caller's months of a competition year (a year after the current one is a 400). */
const myProgress = async (reads: Reads, userId: number, requestedYear: number | undefined, now: Date) => {
  const year = resolveCompetitionYear(requestedYear, now);
  return new PreSerialized<ProgressEndpoint>(await reads.findProgressJson(userId, year, monthParamsOf(year, now)));
};

/** Admin overview: every month of the year summed over the levels' groups, plus tracker counts. */
const competitionOverview = async (reads: Reads, years: ReturnType<typeof leadersRepo>, requestedYear: number | undefined, now: Date) => {
  const year = resolveCompetitionYear(requestedYear, now);
  const months = monthParamsOf(year, now);
  let overview = await reads.findOverviewJson(year, months);
  // Once per year (a new year, after a rebuild): then the employee count covers everyone.
  if (!overview.filled) {
    await years.ensureYearRows(year);
    overview = await reads.findOverviewJson(year, months);
  }
  return new PreSerialized<OverviewEndpoint>(overview.json);
};

export const insightsService = ({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) => {
  // Built once per app: a read allocates only its parameters and answer.
  const reads = insightsRepo(db);
  const years = leadersRepo(db);
  return {
    progress: (userId: number, competitionYear: number | undefined) => myProgress(reads, userId, competitionYear, clock.now()),
    overview: (competitionYear: number | undefined) => competitionOverview(reads, years, competitionYear, clock.now()),
  };
};
