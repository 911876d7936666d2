import { sql } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared';
import type { DbOrTx } from '../../db/client';

export type MonthView = { activities: string; steps: string; eventDates: string; totalMonth: number; totalAnnual: number };

const userId = sql.placeholder('userId');
const month = sql.placeholder('month');
const yearStart = sql.placeholder('yearStart');
const yearEnd = sql.placeholder('yearEnd');

/**
 * A calendar month from month_views (migration 0005): one primary-key row plus the year's twelve
 * month totals, both index lookups. A month without rows has no view yet: empty lists and 0.
 */
const prepareMonthView = (db: DbOrTx) =>
  db
    .select({
      activities: sql<string | null>`v.activities`,
      steps: sql<string | null>`v.steps`,
      eventDates: sql<string | null>`v.event_dates`,
      totalMonth: sql<number | null>`v.minutes`,
      totalAnnual: sql<number>`(select coalesce(sum(y.minutes), 0)::integer from month_views y
        where y.user_id = ${userId} and y.month between ${yearStart}::date and ${yearEnd}::date)`,
    })
    .from(sql`(select 1) as one left join month_views v on v.user_id = ${userId} and v.month = ${month}::date`)
    .prepare('dashboard_month_view');

const monthViewStatement = preparedPerDb(prepareMonthView);

export const loadMonthView = async (db: DbOrTx, owner: number, monthStart: string, year: { start: string; end: string }): Promise<MonthView> => {
  const [row] = await monthViewStatement(db).execute({ userId: owner, month: monthStart, yearStart: year.start, yearEnd: year.end });
  return {
    activities: row!.activities ?? '[]',
    steps: row!.steps ?? '[]',
    eventDates: row!.eventDates ?? '[]',
    totalMonth: row!.totalMonth ?? 0,
    totalAnnual: row!.totalAnnual,
  };
};
