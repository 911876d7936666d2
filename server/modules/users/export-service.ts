import type { UsersExportQuery } from '@/contract/users';
import { quarterlyBonusYear, toIsoDay } from '@/domain/competition';
import { csvFileName, type CsvExport } from '@/domain/csv';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { notFound } from '@/domain/errors';
import { achievementsPage, allEmployees, eventsPage, findEmployeeRow, workoutsPage } from './admin-repo';
import { serializeUsers } from './repo';

const BATCH = 1000;
const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** The users table as CSV: every employee matching its filters, in its order, with the bonus year's flags. */
export const exportUsers = (deps: AppDeps, query: UsersExportQuery): CsvExport => {
  const now = deps.clock.now();
  const year = quarterlyBonusYear(now);
  async function* rows() {
    for await (const batch of allEmployees(deps.db, query, BATCH)) {
      for (const user of await serializeUsers(deps.db, batch, now)) {
        const bonus = user.quarterlyBonus;
        yield [user.firstName, user.lastName, user.email, user.gender, user.levelOfCompetition, user.dateOfBirth ?? '', yesNo(bonus.firstQuarter), yesNo(bonus.secondQuarter), yesNo(bonus.thirdQuarter), yesNo(bonus.fourthQuarter)];
      }
    }
  }
  return {
    fileName: csvFileName(['employees', query.level ?? 'all-levels'], toIsoDay(now)),
    header: ['First name', 'Last name', 'Email', 'Gender', 'Level of competition', 'Date of birth', `${year} Q1 bonus`, `${year} Q2 bonus`, `${year} Q3 bonus`, `${year} Q4 bonus`],
    rows: rows(),
  };
};

/** Reads one paged list to its end, 1,000 rows at a time. */
async function* everyPage<T>(read: (db: DbOrTx, userId: number, page: { limit: number; offset: number }) => Promise<{ rows: T[] }>, db: DbOrTx, userId: number) {
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await read(db, userId, { limit: BATCH, offset });
    yield* rows;
    if (rows.length < BATCH) return;
  }
}

/** One employee's record as CSV: workouts, event participations and step achievements, newest first. */
export const exportUser = async (deps: AppDeps, id: number): Promise<CsvExport> => {
  const user = await findEmployeeRow(deps.db, id);
  if (!user) throw notFound('User not found');
  async function* rows() {
    for await (const workout of everyPage(workoutsPage, deps.db, id)) yield ['Workout', workout.startDate.slice(0, 10), workout.name, workout.movingTime, ''];
    for await (const event of everyPage(eventsPage, deps.db, id)) yield ['Event participation', event.date, event.name, '', yesNo(event.isInTheTopThree)];
    for await (const steps of everyPage(achievementsPage, deps.db, id)) yield ['10,000 steps', steps.date, '', '', ''];
  }
  return {
    fileName: csvFileName(['employee', user.lastName, user.firstName], toIsoDay(deps.clock.now())),
    header: ['Kind', 'Date', 'Title', 'Minutes', 'Top three'],
    rows: rows(),
  };
};
