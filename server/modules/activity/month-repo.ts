import { sql } from 'drizzle-orm';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import type { ActivityRow } from '@/domain/activity-serialize';

export type MonthRows = {
  activities: ActivityRow[];
  steps: { id: number; date: string }[];
  eventDates: string[];
  totalMonth: number;
  totalAnnual: number;
};

const userId = sql.placeholder('userId');
const rangeStart = sql.placeholder('rangeStart');
const rangeEnd = sql.placeholder('rangeEnd');
const yearStart = sql.placeholder('yearStart');
const yearEnd = sql.placeholder('yearEnd');

/**
 * Everything the dashboard shows for any range (a whole calendar month comes from month_views, see
 * month-view-repo.ts), in ONE statement: one index range scan on (user_id, day) per kind of row
 * (activities, steps, event dates, totals), aggregated to JSON by the database. No per-day loops,
 * whatever the amount of data. Also the yardstick the month views are tested against.
 */
const monthFromRows = rawStatement(
  'dashboard_month',
  sql`select
      -- Raw columns: to_char costs more than Date in Node (json renders timestamptz and date in ISO 8601).
      (select coalesce(json_agg(json_build_object(
          'id', a.id, 'name', a.name, 'movingTime', a.moving_time, 'source', a.source, 'alsoRecordedBy', a.also_recorded_by, 'startAt', a.start_at
        ) order by a.start_at, a.id), '[]'::json)
        from activities a
        where a.user_id = ${userId} and a.start_date between ${rangeStart}::date and ${rangeEnd}::date),
      (select coalesce(json_agg(json_build_object('id', s.id, 'date', s.date) order by s.date), '[]'::json)
        from daily_step_achievements s
        where s.user_id = ${userId} and s.date between ${rangeStart}::date and ${rangeEnd}::date),
      (select coalesce(json_agg(distinct e.date), '[]'::json)
        from event_participations e
        where e.user_id = ${userId} and e.date between ${rangeStart}::date and ${rangeEnd}::date),
      (select json_build_object(
          'month', coalesce(sum(m.moving_time) filter (where m.start_date between ${rangeStart}::date and ${rangeEnd}::date), 0),
          'annual', coalesce(sum(m.moving_time) filter (where m.start_date between ${yearStart}::date and ${yearEnd}::date), 0))
        from activities m
        where m.user_id = ${userId}
          and m.start_date between least(${rangeStart}::date, ${yearStart}::date) and greatest(${rangeEnd}::date, ${yearEnd}::date))`,
);

export const loadMonth = async (
  db: DbOrTx,
  owner: number,
  range: { start: string; end: string },
  year: { start: string; end: string },
): Promise<MonthRows> => {
  const [row] = await monthFromRows(db, { userId: owner, rangeStart: range.start, rangeEnd: range.end, yearStart: year.start, yearEnd: year.end });
  // json columns arrive parsed (both drivers).
  const [activities, steps, eventDates, totals] = row as [ActivityRow[], MonthRows['steps'], string[], { month: number; annual: number }];
  return {
    activities,
    steps,
    eventDates: [...eventDates].sort(),
    totalMonth: Number(totals.month),
    totalAnnual: Number(totals.annual),
  };
};
