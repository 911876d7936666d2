import { sql } from 'drizzle-orm';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import type { ActivityRow } from '@/domain/activity-serialize';
import { activityJson } from './activity-row-repo';

export type MonthRows = {
  activities: ActivityRow[];
  steps: { id: number; date: string }[];
  eventDates: string[];
  totalMonth: number;
  totalAnnual: number;
};

/** One dashboard range to read: whose, which days, and the competition year of its annual total. */
export type MonthCall = { userId: number; start: string; end: string; year: number };

/**
 * The dashboard ranges of several callers in one statement (the service joins the reads of one
 * event-loop turn, tick-batch.ts; a lone read is a batch of one). Per call: one index range on
 * (user_id, day) for each kind of row, aggregated to JSON by the database, the range's minutes and
 * the competition year's minutes (one index range of the user's year, a few hundred rows at most).
 */
const monthStatement = rawStatement(
  'dashboard_month',
  sql`select
      (select coalesce(json_agg(${activityJson} order by a.start_at, a.id), '[]'::json)
         from activities a where a.user_id = b.user_id and a.start_date between b.first_day and b.last_day),
      (select coalesce(json_agg(json_build_object('id', s.id, 'date', s.date) order by s.date), '[]'::json)
         from daily_step_achievements s where s.user_id = b.user_id and s.date between b.first_day and b.last_day),
      (select coalesce(json_agg(distinct e.date), '[]'::json)
         from event_participations e where e.user_id = b.user_id and e.date between b.first_day and b.last_day),
      (select coalesce(sum(m.moving_time), 0)::int
         from activities m where m.user_id = b.user_id and m.start_date between b.first_day and b.last_day),
      (select coalesce(sum(y.moving_time), 0)::int
         from activities y where y.user_id = b.user_id and y.start_date between competition_year_first_day(b.year) and competition_year_last_day(b.year))
    from unnest(${sql.placeholder('users')}::int[], ${sql.placeholder('starts')}::date[], ${sql.placeholder('ends')}::date[], ${sql.placeholder('years')}::int[])
      with ordinality b(user_id, first_day, last_day, year, ord)
    order by b.ord`,
);

/** The ranges of `calls`, in their order. */
export const loadMonths = async (db: DbOrTx, calls: readonly MonthCall[]): Promise<MonthRows[]> => {
  const list = (pick: (call: MonthCall) => string | number) => `{${calls.map(pick).join(',')}}`;
  const rows = await monthStatement(db, { users: list((c) => c.userId), starts: list((c) => c.start), ends: list((c) => c.end), years: list((c) => c.year) });
  return rows.map((row) => {
    // json columns arrive parsed (both drivers).
    const [activities, steps, eventDates, totalMonth, totalAnnual] = row as [ActivityRow[], MonthRows['steps'], string[], number, number];
    return { activities, steps, eventDates: [...eventDates].sort(), totalMonth: Number(totalMonth), totalAnnual: Number(totalAnnual) };
  });
};
