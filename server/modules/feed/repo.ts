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

/**
 * Whose rows the viewer may see: public users, always their own; Strava imports only the owner's.
 * The user check is a correlated primary-key probe, so each branch walks its date index newest
 * first and stops after enough visible rows, whatever the table size.
 */
const visibleUser = (column: string, viewer: FeedViewer) => {
  const owner = sql.raw(column);
  return sql`(${owner} = ${viewer.userId} or not (select u.is_private_activity from users u where u.id = ${owner}))`;
};
const visibleActivity = (viewer: FeedViewer) =>
  sql`(a.source <> 'strava' or a.user_id = ${viewer.userId} or ${viewer.stravaFeedSharing}::boolean) and ${visibleUser('a.user_id', viewer)}`;

const activityRows = (viewer: FeedViewer, limit: number) => sql`
  select a.id, a.user_id, a.name, a.moving_time, a.start_at as at from activities a
   where ${visibleActivity(viewer)} order by a.start_at desc, a.id desc limit ${limit}`;
const stepRows = (viewer: FeedViewer, limit: number) => sql`
  select s.id, s.user_id, s.date from daily_step_achievements s
   where ${visibleUser('s.user_id', viewer)} order by s.date desc, s.id desc limit ${limit}`;
const eventRows = (viewer: FeedViewer, limit: number) => sql`
  select e.id, e.user_id, e.date, e.is_in_the_top_three from event_participations e
   where ${visibleUser('e.user_id', viewer)} order by e.date desc, e.id desc limit ${limit}`;

/** Visible entries, counted exactly up to `ceiling` (bounded cost whatever the table sizes). */
const boundedCount = (viewer: FeedViewer, ceiling: number) => sql`
  least(${ceiling}::int,
    (select count(*) from (${activityRows(viewer, ceiling)}) a)
    + (select count(*) from (${stepRows(viewer, ceiling)}) s)
    + (select count(*) from (${eventRows(viewer, ceiling)}) e))::int`;

/**
 * The newest-first page and the count in one statement: each kind reads at most offset + limit
 * rows from its date index, the UNION ALL is merged, ordered and cut, and the count (an InitPlan,
 * computed once) looks at most FEED_COUNT_LOOKAHEAD rows past the page. Page 1 therefore costs
 * the same at 1,000 or 1,000,000 rows. An empty page carries no count: the caller asks `countFeed`.
 */
export const findFeedPage = async (db: DbOrTx, viewer: FeedViewer, rules: ScoringRules, limit: number, offset: number) => {
  const enough = offset + limit;
  return rowsOf<FeedRow & { total: number }>(
    await db.execute(sql`
      with page as (
        select 'activity' as kind, id, user_id, name, moving_time, at from (${activityRows(viewer, enough)}) a
        union all
        select 'steps', id, user_id, ${STEPS_FEED_NAME}, ${rules.dailySteps}::int, date::timestamp at time zone 'UTC' from (${stepRows(viewer, enough)}) s
        union all
        select 'event', id, user_id, ${EVENT_FEED_NAME},
               ${rules.event}::int + case when is_in_the_top_three then ${rules.eventTopThree}::int else 0 end,
               date::timestamp at time zone 'UTC'
          from (${eventRows(viewer, enough)}) e
      )
      select page.*, u.first_name, u.last_name, u.profile_picture, ${boundedCount(viewer, enough + FEED_COUNT_LOOKAHEAD)} as total
        from page join users u on u.id = page.user_id
       order by page.at desc, page.kind asc, page.id desc
       limit ${limit} offset ${offset}`),
  );
};

/** The bounded count alone (for a page past the end, which has no row to carry it). */
export const countFeed = async (db: DbOrTx, viewer: FeedViewer, limit: number, offset: number) => {
  const [row] = rowsOf<{ count: number }>(await db.execute(sql`select ${boundedCount(viewer, offset + limit + FEED_COUNT_LOOKAHEAD)} as count`));
  return Number(row?.count ?? 0);
};
