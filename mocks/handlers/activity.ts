import type { HttpHandler } from 'msw';
import { activityEndpoints as endpoints, type EventParticipation, type MonthActivities } from '@/contract/activity';
import { competitionYearOf, competitionYearRange, isEditableDay, toIsoDay } from '@/domain/competition';
import { toActivity, storedName } from '@/domain/activity-serialize';
import { mockClock } from '../clock';
import { mockDb, nextId, nowIso, type MockEventParticipation } from '../db';
import { editWindowClosed, futureDate, notFound } from '../errors';
import { mockRoute } from '../http';

/**
 * The employee's own activity endpoints in memory, with the server's rules (activityService):
 * same edit windows, same 404 for other users' rows, same idempotent step POST. The row -> Activity
 * mapping is the server's own (serialize.ts is pure).
 */

const assertWritableDay = (day: string) => {
  const now = mockClock.now();
  if (day > toIsoDay(now)) throw futureDate();
  if (!isEditableDay(day, now)) throw editWindowClosed();
};
const assertEditableStoredDay = (day: string) => {
  if (!isEditableDay(day, mockClock.now())) throw editWindowClosed();
};

const between = (day: string, start: string, end: string) => day >= start && day <= end;
const sumMinutes = (userId: number, start: string, end: string) =>
  mockDb.activities
    .filter((row) => row.userId === userId && between(row.startDate, start, end))
    .reduce((total, row) => total + row.movingTime, 0);

const ownActivity = (userId: number, id: number) => {
  const row = mockDb.activities.find((activity) => activity.id === id && activity.userId === userId);
  if (!row) throw notFound('Activity not found');
  return row;
};
const toEvent = ({ id, name, isInTheTopThree, date }: MockEventParticipation): EventParticipation => ({ id, name, isInTheTopThree, date });

export const activityHandlers: HttpHandler[] = [
  mockRoute(endpoints.month, ({ user, query }): MonthActivities => {
    const { startDate: start, endDate: end } = query;
    const year = competitionYearRange(competitionYearOf(start));
    const activities = mockDb.activities
      .filter((row) => row.userId === user.id && between(row.startDate, start, end))
      .sort((a, b) => a.startAt.localeCompare(b.startAt) || a.id - b.id);
    const steps = mockDb.dailyStepAchievements
      .filter((row) => row.userId === user.id && between(row.date, start, end))
      .sort((a, b) => a.date.localeCompare(b.date));
    const eventDates = new Set(
      mockDb.eventParticipations.filter((row) => row.userId === user.id && between(row.date, start, end)).map((row) => row.date),
    );
    return {
      activities: activities.map(toActivity),
      dailyStepsAchievements: steps.map((row) => ({ id: row.id, date: row.date, isDailyStepsBonus: true })),
      movingAnalytics: { totalMonth: sumMinutes(user.id, start, end), totalAnnual: sumMinutes(user.id, year.start, year.end) },
      eventParticipationDates: [...eventDates].sort(),
    };
  }),

  mockRoute(endpoints.log, ({ user, body }) => {
    const day = body.startTime.slice(0, 10);
    assertWritableDay(day);
    const now = nowIso();
    const row = {
      id: nextId('activities'),
      userId: user.id,
      name: storedName(body),
      movingTime: body.movingTime,
      startAt: body.startTime,
      startDate: day,
      source: 'manual' as const,
      externalId: null,
      alsoRecordedBy: [],
      createdAt: now,
      updatedAt: now,
    };
    mockDb.activities.push(row);
    return toActivity(row);
  }),

  mockRoute(endpoints.update, ({ user, params, body }) => {
    const row = ownActivity(user.id, params.id);
    assertEditableStoredDay(row.startDate);
    assertWritableDay(body.startDate);
    // The day moves, the time of day stays.
    Object.assign(row, {
      name: storedName(body),
      movingTime: body.movingTime,
      startAt: `${body.startDate}${new Date(row.startAt).toISOString().slice(10)}`,
      startDate: body.startDate,
      updatedAt: nowIso(),
    });
    return toActivity(row);
  }),

  mockRoute(endpoints.remove, ({ user, params }) => {
    const row = ownActivity(user.id, params.id);
    assertEditableStoredDay(row.startDate);
    mockDb.activities.splice(mockDb.activities.indexOf(row), 1);
  }),

  mockRoute(endpoints.addSteps, ({ user, body }) => {
    assertWritableDay(body.date);
    let row = mockDb.dailyStepAchievements.find((step) => step.userId === user.id && step.date === body.date);
    if (!row) {
      row = { id: nextId('dailyStepAchievements'), userId: user.id, date: body.date, createdAt: nowIso() };
      mockDb.dailyStepAchievements.push(row);
    }
    return { id: row.id, date: row.date, isDailyStepsBonus: true };
  }),

  mockRoute(endpoints.removeSteps, ({ user, body }) => {
    assertEditableStoredDay(body.date);
    const index = mockDb.dailyStepAchievements.findIndex((step) => step.userId === user.id && step.date === body.date);
    if (index < 0) throw notFound('There is no step achievement on that day');
    mockDb.dailyStepAchievements.splice(index, 1);
  }),

  mockRoute(endpoints.participatedEvents, ({ user, query }) => ({
    participatedEvents: mockDb.eventParticipations
      .filter((row) => row.userId === user.id && row.date === query.date)
      .sort((a, b) => a.id - b.id)
      .map(toEvent),
  })),

  mockRoute(endpoints.logEvent, ({ user, body }) => {
    assertWritableDay(body.date);
    const row = {
      id: nextId('eventParticipations'),
      userId: user.id,
      name: body.name,
      isInTheTopThree: body.isInTheTopThree,
      date: body.date,
      createdAt: nowIso(),
    };
    mockDb.eventParticipations.push(row);
    return toEvent(row);
  }),

  mockRoute(endpoints.removeEvent, ({ user, params }) => {
    const row = mockDb.eventParticipations.find((event) => event.id === params.id && event.userId === user.id);
    if (!row) throw notFound('Event participation not found');
    assertEditableStoredDay(row.date);
    mockDb.eventParticipations.splice(mockDb.eventParticipations.indexOf(row), 1);
  }),
];
