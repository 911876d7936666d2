import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Bulk seed in a handful of set-based statements: `users` employees (each with some activity so
 * the tables are not tiny: one activity every `everyDays` days, 3 unless told) and one employee with
 * a full year up to `today`: about two activities a day, the step goal on most days and 20 event
 * participations.
 */
export const seedBenchData = async (db: Db, options: { users: number; today: string; everyDays?: number }) => {
  const { users, today, everyDays = 3 } = options;
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, gender, level_of_competition)
    select 'bench' || g || '@example.com', 'not-a-hash', 'First' || g, 'Last' || g, 'female',
           (array['Beginner','Intermediate','Advanced','Elite'])[1 + g % 4]
    from generate_series(1, ${users}::int) g`);
  const [employee] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email = 'bench1@example.com'`));
  const employeeId = employee!.id;

  // Everyone else: one activity every few days over the year, so the index has neighbours to skip.
  await db.execute(sql`
    insert into activities (user_id, name, moving_time, start_at, start_date)
    select u.id, 'Walking', 20 + u.id % 40, d + time '12:00', d::date
    from users u, generate_series(${today}::date - 364, ${today}::date, make_interval(secs => ${everyDays}::float8 * 86400)) d
    where u.id <> ${employeeId}`);
  // The employee: two activities a day for a full year.
  await db.execute(sql`
    insert into activities (user_id, name, moving_time, start_at, start_date)
    select ${employeeId}, (array['Running','Cycling','Yoga','Swimming','Kayaking'])[1 + (extract(doy from d)::int + n) % 5],
           15 + (extract(doy from d)::int * n) % 60, d + make_interval(hours => 6 + n * 5), d::date
    from generate_series(${today}::date - 364, ${today}::date, interval '1 day') d, generate_series(1, 2) n`);
  await db.execute(sql`
    insert into daily_step_achievements (user_id, date)
    select ${employeeId}, d::date from generate_series(${today}::date - 364, ${today}::date, interval '1 day') d
    where extract(doy from d)::int % 5 <> 0`);
  await db.execute(sql`
    insert into event_participations (user_id, name, is_in_the_top_three, date)
    select ${employeeId}, 'Race ' || n, n % 4 = 0, ${today}::date - n * 18 from generate_series(0, 19) n`);
  await db.execute(sql`analyze`);

  const [counts] = rowsOf<{ activities: number; employee: number }>(
    await db.execute(sql`select (select count(*)::int from activities) as activities, (select count(*)::int from activities where user_id = ${employeeId}) as employee`),
  );
  return { employeeId, activities: counts!.activities, employeeActivities: counts!.employee };
};
