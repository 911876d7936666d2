import type { z } from 'zod';
import type { ActivityCreate, ActivityUpdate, EventCreate, MonthActivities } from '@/contract/activity';
import { competitionYearOf, isEditableDay, toIsoDay } from '@/domain/competition';
import { tickBatched } from '../../db/tick-batch';
import { blindWriteForUser, writeForUser } from '../../db/user-write-lock';
import type { AppDeps } from '../../deps';
import { editWindowClosed, futureDate, notFound } from '@/domain/errors';
import { scoringService } from '../scoring/service';
import type { MonthCall, MonthRows } from './month-repo';
import { activityRepo } from './repo';
import { storedName, toActivity } from '@/domain/activity-serialize';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

type MonthRange = { startDate: string; endDate: string };

/**
 * The dashboard's range reads of one event-loop turn in one statement (tick-batch.ts): every
 * employee opening the dashboard is one such read.
 */
const monthReads = (reads: ReturnType<typeof activityRepo>) =>
  tickBatched<MonthCall, MonthRows>({
    groupOf: () => 'month',
    keyOf: ({ userId, start, end, year }) => `${userId}:${start}:${end}:${year}`,
    run: (calls) => reads.loadMonths(calls),
    maxBatch: 64,
  });

const toMonthActivities = (rows: MonthRows): MonthActivities => ({
  activities: rows.activities.map(toActivity),
  dailyStepsAchievements: rows.steps.map((step) => ({ id: step.id, date: step.date, isDailyStepsBonus: true })),
  movingAnalytics: { totalMonth: rows.totalMonth, totalAnnual: rows.totalAnnual },
  eventParticipationDates: rows.eventDates,
});

/** A day that is being written to: not in the future and inside the edit window (docs/product-rules.md#editing-window). */
const assertWritableDay = (day: string, now: Date) => {
  if (day > toIsoDay(now)) throw futureDate();
  if (!isEditableDay(day, now)) throw editWindowClosed();
};

/** A stored day that is being changed or removed: it must still be inside the edit window. */
const assertEditableStoredDay = (day: string, now: Date) => {
  if (!isEditableDay(day, now)) throw editWindowClosed();
};

export const activityService = ({ db, clock }: Deps) => {
  // Built once per app: the hot month read allocates only its call and answer per request.
  const reads = activityRepo(db);
  const readMonth = monthReads(reads);
  /** Every write keeps the standings exact: rescore the competition years the write touched. */
  const recompute = scoringService().rescoreDays;
  return {
  /** The dashboard's range (at most MONTH_RANGE_MAX_DAYS): its rows, the range's and the year's minutes. */
  month: async (userId: number, query: MonthRange): Promise<MonthActivities> =>
    toMonthActivities(await readMonth({ userId, start: query.startDate, end: query.endDate, year: competitionYearOf(query.startDate) })),

  log: async (userId: number, input: z.output<typeof ActivityCreate>) => {
    const startAt = new Date(input.startTime);
    const day = toIsoDay(startAt);
    assertWritableDay(day, clock.now());
    return blindWriteForUser(db, async (tx) => {
      const row = await activityRepo(tx).insertActivity({ userId, name: storedName(input), movingTime: input.movingTime, startAt });
      await recompute(tx, userId, [day]);
      return toActivity(row);
    });
  },

  update: async (userId: number, id: number, input: z.output<typeof ActivityUpdate>) => {
    const now = clock.now();
    return writeForUser(db, userId, async (tx) => {
      const existing = await activityRepo(tx).findOwnActivity(userId, id);
      if (!existing) throw notFound('Activity not found');
      assertEditableStoredDay(existing.startDate, now);
      assertWritableDay(input.startDate, now);
      // The day moves, the time of day stays.
      const startAt = new Date(`${input.startDate}T${existing.startAt.toISOString().slice(11)}`);
      const row = await activityRepo(tx).updateActivity(id, { name: storedName(input), movingTime: input.movingTime, startAt }, now);
      await recompute(tx, userId, [existing.startDate, input.startDate]);
      return toActivity(row);
    });
  },

  remove: async (userId: number, id: number) => {
    const now = clock.now();
    await writeForUser(db, userId, async (tx) => {
      // Deleted and checked in one round trip: a refusal throws, and the transaction takes the delete back.
      const removed = await activityRepo(tx).deleteOwnActivity(userId, id);
      if (!removed) throw notFound('Activity not found');
      assertEditableStoredDay(removed.startDate, now);
      await recompute(tx, userId, [removed.startDate]);
    });
  },

  addSteps: async (userId: number, date: string) => {
    assertWritableDay(date, clock.now());
    return writeForUser(db, userId, async (tx) => {
      const { row, created } = await activityRepo(tx).upsertStepAchievement(userId, date);
      if (created) await recompute(tx, userId, [date]);
      return { id: row.id, date: row.date, isDailyStepsBonus: true };
    });
  },

  removeSteps: async (userId: number, date: string) => {
    assertEditableStoredDay(date, clock.now());
    await writeForUser(db, userId, async (tx) => {
      const removed = await activityRepo(tx).deleteStepAchievement(userId, date);
      if (removed === 0) throw notFound('There is no step achievement on that day');
      await recompute(tx, userId, [date]);
    });
  },

  participatedEvents: async (userId: number, date: string) => {
    const rows = await reads.listEventsOfDay(userId, date);
    return { participatedEvents: rows.map(({ id, name, isInTheTopThree, date: day }) => ({ id, name, isInTheTopThree, date: day })) };
  },

  logEvent: async (userId: number, input: z.output<typeof EventCreate>) => {
    assertWritableDay(input.date, clock.now());
    return blindWriteForUser(db, async (tx) => {
      const row = await activityRepo(tx).insertEvent({ userId, name: input.name, isInTheTopThree: input.isInTheTopThree, date: input.date });
      await recompute(tx, userId, [input.date]);
      return { id: row.id, name: row.name, isInTheTopThree: row.isInTheTopThree, date: row.date };
    });
  },

  removeEvent: async (userId: number, id: number) => {
    const now = clock.now();
    await writeForUser(db, userId, async (tx) => {
      const existing = await activityRepo(tx).findOwnEvent(userId, id);
      if (!existing) throw notFound('Event participation not found');
      assertEditableStoredDay(existing.date, now);
      await activityRepo(tx).deleteEvent(id);
      await recompute(tx, userId, [existing.date]);
    });
  },
};
};
