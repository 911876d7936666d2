import type { Activity, MonthActivities } from '../../api/contract/activity';
import type { QueuedWrite } from '../../api/offline/queued-writes';
import type { DeleteActivityVars, LogActivityVars, LogEventVars, ToggleStepsVars, UpdateActivityVars } from './api/activity-writes';
import { OTHER_ACTIVITY } from '../../api/contract/activity';

/** How a calendar entry stands with the queue: waiting to be sent, or refused (docs/product-rules.md#offline-logging). */
export type QueuedMark = { status: QueuedWrite['status']; change: 'new' | 'changed' | 'deleted'; writeId: number };
export type CalendarActivity = Activity & { queued?: QueuedMark };
export type CalendarMonth = Omit<MonthActivities, 'activities'> & { activities: CalendarActivity[] };

const inMonth = (day: string, monthStart: string) => day.slice(0, 7) === monthStart.slice(0, 7);

/** A logged-but-unsent activity as the calendar shows it (the server gives it its id once sent). */
const unsentActivity = (write: QueuedWrite, { body }: LogActivityVars): CalendarActivity => {
  const title = body.name === OTHER_ACTIVITY ? (body.otherName ?? '') : body.name;
  const start = new Date(body.startTime).toISOString();
  return {
    id: -write.id,
    name: title,
    otherName: body.name === OTHER_ACTIVITY ? (body.otherName ?? null) : null,
    movingTime: Number(body.movingTime),
    startTime: start.slice(11, 16),
    startDate: start.slice(0, 10),
    start,
    end: start,
    title,
    source: 'manual',
    alsoRecordedBy: [],
    queued: { status: write.status, change: 'new', writeId: write.id },
  };
};

/**
 * The month as the person expects it: the server's month with the queued writes laid over it, in the
 * order they were made. A refused write leaves the server's data as it is and marks the entry.
 */
export const withQueuedWrites = (month: MonthActivities | undefined, writes: QueuedWrite[], monthStart: string): CalendarMonth | undefined => {
  if (!month || writes.length === 0) return month;
  let activities: CalendarActivity[] = [...month.activities];
  let steps = [...month.dailyStepsAchievements];
  const eventDates = new Set(month.eventParticipationDates);
  const mark = (id: number, queued: QueuedMark, change?: Partial<Activity>) => {
    activities = activities.map((activity) => (activity.id === id ? { ...activity, ...change, queued } : activity));
  };
  for (const write of writes) {
    const pending = write.status === 'pending';
    if (write.kind === 'activity.log') {
      const activity = unsentActivity(write, write.variables as LogActivityVars);
      if (inMonth(activity.startDate, monthStart)) activities.push(activity);
    } else if (write.kind === 'activity.update') {
      const { id, body } = write.variables as UpdateActivityVars;
      const title = body.name === OTHER_ACTIVITY ? (body.otherName ?? '') : body.name;
      mark(id, { status: write.status, change: 'changed', writeId: write.id }, pending ? { name: title, title, movingTime: Number(body.movingTime) } : undefined);
    } else if (write.kind === 'activity.delete') {
      mark((write.variables as DeleteActivityVars).id, { status: write.status, change: 'deleted', writeId: write.id });
    } else if (write.kind === 'steps.toggle' && pending) {
      const { date, achieved } = write.variables as ToggleStepsVars;
      steps = achieved ? steps.filter((step) => step.date !== date) : [...steps, { id: -write.id, date, isDailyStepsBonus: false }];
    } else if (write.kind === 'event.log' && pending) {
      eventDates.add(String((write.variables as LogEventVars).body.date).slice(0, 10));
    }
  }
  return { ...month, activities, dailyStepsAchievements: steps, eventParticipationDates: [...eventDates] };
};
