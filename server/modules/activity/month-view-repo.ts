import { sql } from 'drizzle-orm';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';

export type MonthView = { activities: string; steps: string; eventDates: string; totalMonth: number; totalAnnual: number };

const userId = sql.placeholder('userId');

/**
 * A calendar month from month_views (migration 0005): one primary-key row plus the year's twelve
 * month totals, both index lookups. A month without rows has no view yet: empty lists and 0.
 */
const monthView = rawStatement(
  'dashboard_month_view',
  sql`select v.activities, v.steps, v.event_dates, v.minutes,
        (select coalesce(sum(y.minutes), 0)::integer from month_views y
          where y.user_id = ${userId} and y.month between ${sql.placeholder('yearStart')}::date and ${sql.placeholder('yearEnd')}::date)
      from (select 1) as one left join month_views v on v.user_id = ${userId} and v.month = ${sql.placeholder('month')}::date`,
);

export const loadMonthView = async (db: DbOrTx, owner: number, monthStart: string, year: { start: string; end: string }): Promise<MonthView> => {
  const [row] = await monthView(db, { userId: owner, month: monthStart, yearStart: year.start, yearEnd: year.end });
  const [activities, steps, eventDates, totalMonth, totalAnnual] = row as [string | null, string | null, string | null, number | null, number];
  return { activities: activities ?? '[]', steps: steps ?? '[]', eventDates: eventDates ?? '[]', totalMonth: totalMonth ?? 0, totalAnnual };
};
