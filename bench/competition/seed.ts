import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export type CompetitionSeed = { users: number; activities: number; steps: number; events: number; adminId: number; employeeId: number };

/**
 * A competition year in bulk SQL (generate_series, no loops in JS): `users` employees across the
 * four levels (10% private), `activities` activities spread over the year up to yesterday (10%
 * from Strava), a quarter as many step achievements and a fiftieth as many event participations.
 */
export const seedCompetitionYear = async (db: Db, options: { users: number; activities: number; today: string; year: number }): Promise<CompetitionSeed> => {
  const { users, activities, today, year } = options;
  const start = `${year}-04-01`;
  await db.execute(sql`
    insert into users (email, password_hash, role, first_name, last_name, gender, level_of_competition, is_private_activity)
    values ('bench-admin@example.com', 'not-a-hash', 'admin', 'Bench', 'Admin', 'other', 'Beginner', false)`);
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, gender, level_of_competition, is_private_activity)
    select 'bench' || g || '@example.com', 'not-a-hash', 'First' || g, 'Last' || lpad(g::text, 5, '0'), 'female',
           (array['Beginner','Intermediate','Advanced','Elite'])[1 + g % 4], g % 10 = 0
      from generate_series(1, ${users}::int) g`);
  await db.execute(sql`
    insert into user_levels (user_id, competition_year, level_of_competition)
    select id, ${year}, level_of_competition from users where role = 'user'`);
  const [ids] = rowsOf<{ admin: number; first: number }>(
    await db.execute(sql`select (select id from users where role = 'admin') as admin, (select min(id) from users where role = 'user') as first`),
  );
  const first = ids!.first;
  // Days from 1 April to yesterday: activities of today would change as the run goes on.
  const [span] = rowsOf<{ days: number }>(await db.execute(sql`select (${today}::date - ${start}::date) as days`));
  const days = span!.days;

  await db.execute(sql`
    insert into activities (user_id, name, moving_time, start_at, start_date, source)
    select ${first} + g % ${users}, (array['Running','Cycling','Yoga','Swimming','Walking'])[1 + g % 5], 10 + (g * 7) % 110,
           (${start}::date + (g / ${users}) % ${days}) + make_interval(mins => (g * 13) % 1440),
           ${start}::date + (g / ${users}) % ${days},
           case when g % 10 = 3 then 'strava' else 'manual' end
      from generate_series(0, ${activities}::int - 1) g`);
  // (user, day) pairs are unique: user = g mod users, day = g div users.
  await db.execute(sql`
    insert into daily_step_achievements (user_id, date)
    select ${first} + g % ${users}, ${start}::date + (g / ${users}) % ${days}
      from generate_series(0, least(${Math.floor(activities / 4)}::int, ${users}::int * ${days}::int) - 1) g`);
  await db.execute(sql`
    insert into event_participations (user_id, name, is_in_the_top_three, date)
    select ${first} + g % ${users}, 'Race ' || g, g % 7 = 0, ${start}::date + (g * 13) % ${days}
      from generate_series(0, ${Math.floor(activities / 50)}::int - 1) g`);
  // Tracker connections for the admin overview: every third employee on Strava, every fifth on Fitbit.
  await db.execute(sql`
    insert into tracker_connections (user_id, service, external_user_id, access_token)
    select ${first} + g, s.service, g::text, 'sealed-in-bench'
      from generate_series(0, ${users}::int - 1) g
      cross join (values ('STRAVA', 3), ('FITBIT', 5)) s(service, every)
     where g % s.every = 0`);

  const [counts] = rowsOf<{ activities: number; steps: number; events: number }>(
    await db.execute(sql`select (select count(*)::int from activities) as activities, (select count(*)::int from daily_step_achievements) as steps, (select count(*)::int from event_participations) as events`),
  );
  return { users, activities: counts!.activities, steps: counts!.steps, events: counts!.events, adminId: ids!.admin, employeeId: first };
};
