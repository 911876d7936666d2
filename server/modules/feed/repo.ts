import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../leaders/repo';
import type { ScoringRules } from '../scoring/rules';
import { EVENT_FEED_NAME, FEED_COUNT_LOOKAHEAD, STEPS_FEED_NAME } from './names';

export type FeedViewer = { userId: number; stravaFeedSharing: boolean };

export type FeedRow = {
  kind: 'activity' | 'steps' | 'event';
  id: number;
  user_id: number;
  name: string;
  moving_time: number;
  at: Date | string;
  first_name: string;
  last_name: string;
  profile_picture: string | null;
};

/** Whose rows the viewer may see: public users, always their own; Strava imports only the owner's. */
const visible = (viewer: FeedViewer) => ({
  user: sql`(not u.is_private_activity or u.id = ${viewer.userId})`,
  activity: sql`(a.source <> 'strava' or a.user_id = ${viewer.userId} or ${viewer.stravaFeedSharing}::boolean)`,
});

/**
 * The newest-first page: each kind reads at most offset + limit rows from its date index, and the
 * UNION ALL is merged, ordered and cut, so page 1 costs the same at 1,000 or 1,000,000 rows.
 */
export const findFeedPage = async (db: DbOrTx, viewer: FeedViewer, rules: ScoringRules, limit: number, offset: number) => {
  const enough = offset + limit;
  const v = visible(viewer);
  return rowsOf<FeedRow>(
    await db.execute(sql`
      with page as (
        (select 'activity' as kind, a.id, a.user_id, a.name, a.moving_time, a.start_at as at
           from activities a join users u on u.id = a.user_id
          where ${v.user} and ${v.activity}
          order by a.start_at desc, a.id desc limit ${enough})
        union all
        (select 'steps', s.id, s.user_id, ${STEPS_FEED_NAME}, ${rules.dailySteps}::int, s.date::timestamp at time zone 'UTC'
           from daily_step_achievements s join users u on u.id = s.user_id
          where ${v.user}
          order by s.date desc, s.id desc limit ${enough})
        union all
        (select 'event', e.id, e.user_id, ${EVENT_FEED_NAME},
                ${rules.event}::int + case when e.is_in_the_top_three then ${rules.eventTopThree}::int else 0 end,
                e.date::timestamp at time zone 'UTC'
           from event_participations e join users u on u.id = e.user_id
          where ${v.user}
          order by e.date desc, e.id desc limit ${enough})
      )
      select page.*, u.first_name, u.last_name, u.profile_picture
        from page join users u on u.id = page.user_id
       order by page.at desc, page.kind asc, page.id desc
       limit ${limit} offset ${offset}`),
  );
};

/** Visible entries, counted exactly up to `offset + limit + FEED_COUNT_LOOKAHEAD`. */
export const countFeed = async (db: DbOrTx, viewer: FeedViewer, limit: number, offset: number) => {
  const ceiling = offset + limit + FEED_COUNT_LOOKAHEAD;
  const v = visible(viewer);
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select least(${ceiling}::int,
        (select count(*) from (select 1 from activities a join users u on u.id = a.user_id where ${v.user} and ${v.activity} limit ${ceiling}) x)
        + (select count(*) from (select 1 from daily_step_achievements s join users u on u.id = s.user_id where ${v.user} limit ${ceiling}) y)
        + (select count(*) from (select 1 from event_participations e join users u on u.id = e.user_id where ${v.user} limit ${ceiling}) z)
      )::int as count`),
  );
  return Number(row?.count ?? 0);
};
