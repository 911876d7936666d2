import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ActivityRow } from './serialize';

export type MonthRows = {
  activities: ActivityRow[];
  steps: { id: number; date: string }[];
  eventDates: string[];
  totalMonth: number;
  totalAnnual: number;
};

type RawMonth = {
  activities: ActivityRow[];
  steps: { id: number; date: string }[];
  event_dates: string[];
  total_month: number;
  total_annual: number;
};

/** node-postgres answers a QueryResult, PGlite a Results object; both carry `rows`. */
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Everything the dashboard shows for a range, in ONE statement: one index range scan on
 * (user_id, day) per kind of row (activities, steps, event dates, totals), aggregated to JSON by
 * the database. No per-day loops, whatever the amount of data.
 */
export const loadMonth = async (
  db: DbOrTx,
  userId: number,
  range: { start: string; end: string },
  year: { start: string; end: string },
): Promise<MonthRows> => {
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object(
          'id', a.id, 'name', a.name, 'movingTime', a.moving_time, 'source', a.source,
          'startAt', to_char(a.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by a.start_at, a.id), '[]'::json)
        from activities a
        where a.user_id = ${userId} and a.start_date between ${range.start}::date and ${range.end}::date) as activities,
      (select coalesce(json_agg(json_build_object('id', s.id, 'date', to_char(s.date, 'YYYY-MM-DD')) order by s.date), '[]'::json)
        from daily_step_achievements s
        where s.user_id = ${userId} and s.date between ${range.start}::date and ${range.end}::date) as steps,
      (select coalesce(json_agg(distinct to_char(e.date, 'YYYY-MM-DD')), '[]'::json)
        from event_participations e
        where e.user_id = ${userId} and e.date between ${range.start}::date and ${range.end}::date) as event_dates,
      t.total_month, t.total_annual
    from (
      select
        coalesce(sum(m.moving_time) filter (where m.start_date between ${range.start}::date and ${range.end}::date), 0)::int as total_month,
        coalesce(sum(m.moving_time) filter (where m.start_date between ${year.start}::date and ${year.end}::date), 0)::int as total_annual
      from activities m
      where m.user_id = ${userId}
        and m.start_date between least(${range.start}::date, ${year.start}::date) and greatest(${range.end}::date, ${year.end}::date)
    ) t`);
  const [row] = rowsOf<RawMonth>(result);
  return {
    activities: row!.activities,
    steps: row!.steps,
    eventDates: [...row!.event_dates].sort(),
    totalMonth: Number(row!.total_month),
    totalAnnual: Number(row!.total_annual),
  };
};
