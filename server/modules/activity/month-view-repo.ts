import { sql } from 'drizzle-orm';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';

export type MonthView = { activities: string; steps: string; eventDates: string; totalMonth: number; totalAnnual: number };

/** One dashboard month to read: whose, which calendar month (its first day). */
export type MonthViewCall = { userId: number; monthStart: string };

/**
 * Calendar months from month_views (migration 0005) for several callers of one competition year in
 * one statement (the service joins the month reads of one event-loop turn, tick-batch.ts; a lone
 * read is a batch of one). Per call (the arrays, answered in their order) one primary-key row plus
 * that user's twelve month totals of the year, both index lookups: the probes sit in a LATERAL
 * subquery kept whole by `offset 0`, so a generic plan never joins month_views as a table. A month
 * without rows has no view yet: empty lists and 0.
 */
const monthViews = rawStatement(
  'dashboard_month_views',
  sql`select v.activities, v.steps, v.event_dates, v.minutes,
        (select coalesce(sum(y.minutes), 0)::integer from month_views y
          where y.user_id = b.user_id and y.month between ${sql.placeholder('yearStart')}::date and ${sql.placeholder('yearEnd')}::date)
      from unnest(${sql.placeholder('users')}::int[], ${sql.placeholder('months')}::date[]) with ordinality b(user_id, month, ord)
      left join lateral (select m.activities, m.steps, m.event_dates, m.minutes from month_views m
                          where m.user_id = b.user_id and m.month = b.month offset 0) v on true
      order by b.ord`,
);

/** The months of `calls`, in their order; every month must lie in `year`. */
export const loadMonthViews = async (db: DbOrTx, calls: readonly MonthViewCall[], year: { start: string; end: string }): Promise<MonthView[]> => {
  const rows = await monthViews(db, {
    users: `{${calls.map((call) => call.userId).join(',')}}`,
    months: `{${calls.map((call) => call.monthStart).join(',')}}`,
    yearStart: year.start,
    yearEnd: year.end,
  });
  return rows.map((row) => {
    const [activities, steps, eventDates, totalMonth, totalAnnual] = row as [string | null, string | null, string | null, number | null, number];
    return { activities: activities ?? '[]', steps: steps ?? '[]', eventDates: eventDates ?? '[]', totalMonth: totalMonth ?? 0, totalAnnual };
  });
};
