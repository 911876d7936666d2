import { genderLabel } from '@/domain/gender-label';
import type { UsersExportQuery } from '@/contract/users';
import { quarterlyBonusYear, toIsoDay } from '@/domain/competition';
import { csvFileName, type CsvExport } from '@/domain/csv';
import type { AppDeps } from '../../deps';
import { notFound } from '@/domain/errors';
import { workoutForOthers } from '@/domain/strava-agreement';
import type { Page } from './page';
import { usersRepo } from './repo';

const BATCH = 1000;
const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** Reads one paged list to its end, 1,000 rows at a time. */
async function* everyPage<T>(read: (userId: number, page: Page) => Promise<{ rows: T[] }>, userId: number) {
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await read(userId, { limit: BATCH, offset });
    yield* rows;
    if (rows.length < BATCH) return;
  }
}

/** The admin CSV exports: the users table, and one employee's record. */
export const usersExportService = ({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) => {
  const reads = usersRepo(db);
  return {
    /** The users table as CSV: every employee matching its filters, in its order, with the bonus year's flags. */
    exportList: (query: UsersExportQuery): CsvExport => {
      const now = clock.now();
      const year = quarterlyBonusYear(now);
      async function* rows() {
        for await (const batch of reads.allEmployees(query, BATCH)) {
          for (const user of await reads.serializeUsers(batch, now)) {
            const bonus = user.quarterlyBonus;
            yield [user.firstName, user.lastName, user.email, genderLabel(user.gender), user.levelOfCompetition, user.dateOfBirth ?? '', yesNo(bonus.firstQuarter), yesNo(bonus.secondQuarter), yesNo(bonus.thirdQuarter), yesNo(bonus.fourthQuarter)];
          }
        }
      }
      return {
        fileName: csvFileName(['employees', query.level ?? 'all-levels'], toIsoDay(now)),
        header: ['First name', 'Last name', 'Email', 'Gender', 'Level of competition', 'Date of birth', `${year} Q1 bonus`, `${year} Q2 bonus`, `${year} Q3 bonus`, `${year} Q4 bonus`],
        rows: rows(),
      };
    },

    /** One employee's record as CSV: workouts, event participations and step achievements, newest first. */
    exportUser: async (id: number): Promise<CsvExport> => {
      const user = await reads.findEmployeeRow(id);
      if (!user) throw notFound('User not found');
      async function* rows() {
        // Strava imports only as their points (Strava's API agreement): the admin is not the athlete.
        for await (const stored of everyPage(reads.workoutsPage, id)) {
          const workout = workoutForOthers(stored, config.scoring);
          yield ['Workout', workout.startDate?.slice(0, 10) ?? '', workout.name, workout.movingTime ?? '', '', workout.points];
        }
        for await (const event of everyPage(reads.eventsPage, id)) yield ['Event participation', event.date, event.name, '', yesNo(event.isInTheTopThree), ''];
        for await (const steps of everyPage(reads.achievementsPage, id)) yield ['10,000 steps', steps.date, '', '', '', ''];
      }
      return {
        fileName: csvFileName(['employee', user.lastName, user.firstName], toIsoDay(clock.now())),
        header: ['Kind', 'Date', 'Title', 'Minutes', 'Top three', 'Points'],
        rows: rows(),
      };
    },
  };
};
