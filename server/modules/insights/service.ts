import type { insightsEndpoints } from '@/contract/insights';
import { resolveCompetitionYear } from '@/domain/leaders-year';
import type { AppDeps } from '../../deps';
import { tickBatched, tickShared } from '../../db/tick-batch';
import { PreSerialized } from '../../http/pre-serialized';
import { monthParamsOf, type MonthParams } from './month-params';
import { insightsRepo } from './repo';

type ProgressEndpoint = (typeof insightsEndpoints)['progress'];
type OverviewEndpoint = (typeof insightsEndpoints)['overview'];

type Reads = ReturnType<typeof insightsRepo>;

/**
 * Both answers are hot reads written whole by PostgreSQL (repo.ts) and sent as they are: Node
 * only resolves the year and the chart's months (insightMonthsOf, memoised per month) and joins
 * the reads of one event-loop turn (tick-batch.ts).
 */

type ProgressCall = { userId: number; year: number; months: MonthParams };

/**
 * The progress reads of one event-loop turn in one statement per year (tick-batch.ts): each
 * employee opening their progress charts is one call, and a busy minute has many of them at once.
 */
const progressReads = (reads: Reads) =>
  tickBatched<ProgressCall, string>({
    groupOf: ({ year, months }) => `${year}:${months.keys}`,
    keyOf: ({ userId }) => String(userId),
    run: (calls) => reads.findProgressJsons(calls.map((call) => call.userId), calls[0]!.year, calls[0]!.months),
    maxBatch: 64,
  });

/** The caller's months of a competition year (a year after the current one is a 400). */
const myProgress = async (readProgress: ReturnType<typeof progressReads>, userId: number, requestedYear: number | undefined, now: Date) => {
  const year = resolveCompetitionYear(requestedYear, now);
  return new PreSerialized<ProgressEndpoint>(await readProgress({ userId, year, months: monthParamsOf(year, now) }));
};

type OverviewCall = { year: number; months: MonthParams };
type OverviewAnswer = Awaited<ReturnType<Reads['findOverviewJson']>>;

/**
 * The overview reads of one event-loop turn: the answer does not depend on the admin asking, so the
 * calls for one year share one statement and its answer (tick-batch.ts).
 */
const overviewReads = (reads: Reads) =>
  tickShared<OverviewCall, OverviewAnswer>(
    ({ year, months }) => `${year}:${months.keys}`,
    ({ year, months }) => reads.findOverviewJson(year, months),
  );

/** Admin overview: every month of the year summed over the levels' groups, plus tracker counts. */
const competitionOverview = async (readOverview: ReturnType<typeof overviewReads>, requestedYear: number | undefined, now: Date) => {
  const year = resolveCompetitionYear(requestedYear, now);
  return new PreSerialized<OverviewEndpoint>(await readOverview({ year, months: monthParamsOf(year, now) }));
};

export const insightsService = ({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) => {
  // Built once per app: a read allocates only its parameters and answer.
  const reads = insightsRepo(db);
  const readProgress = progressReads(reads);
  const readOverview = overviewReads(reads);
  return {
    progress: (userId: number, competitionYear: number | undefined) => myProgress(readProgress, userId, competitionYear, clock.now()),
    overview: (competitionYear: number | undefined) => competitionOverview(readOverview, competitionYear, clock.now()),
  };
};
