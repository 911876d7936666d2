import { sql, type Placeholder } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared';
import type { DbOrTx } from '../../db/client';
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
 * The query's inputs are placeholders, so each statement is prepared once per database handle (a
 * named statement on PostgreSQL, like the dashboard month) and the hot feed call skips planning.
 */
const viewerId = sql.placeholder('viewerId');
const stravaFeedSharing = sql.placeholder('stravaFeedSharing');
const pageLimit = sql.placeholder('limit');
const pageOffset = sql.placeholder('offset');
/** offset + limit: how many rows each kind reads from its date index. */
const enough = sql.placeholder('enough');
/** enough + FEED_COUNT_LOOKAHEAD: how far the bounded count looks. */
const ceiling = sql.placeholder('ceiling');

/**
 * Whose rows the viewer may see: public users, always their own; Strava imports only the owner's.
 * The user check is a correlated primary-key probe, so each branch walks its date index newest
 * first and stops after enough visible rows, whatever the table size.
 */
const visibleUser = (column: string) => {
  const owner = sql.raw(column);
  return sql`(${owner} = ${viewerId} or not (select u.is_private_activity from users u where u.id = ${owner}))`;
};
const visibleActivity = sql`(a.source <> 'strava' or a.user_id = ${viewerId} or ${stravaFeedSharing}::boolean) and ${visibleUser('a.user_id')}`;

const activityRows = (limit: Placeholder) => sql`
  select a.id, a.user_id, a.name, a.moving_time, a.start_at as at from activities a
   where ${visibleActivity} order by a.start_at desc, a.id desc limit ${limit}`;
const stepRows = (limit: Placeholder) => sql`
  select s.id, s.user_id, s.date from daily_step_achievements s
   where ${visibleUser('s.user_id')} order by s.date desc, s.id desc limit ${limit}`;
const eventRows = (limit: Placeholder) => sql`
  select e.id, e.user_id, e.date, e.is_in_the_top_three from event_participations e
   where ${visibleUser('e.user_id')} order by e.date desc, e.id desc limit ${limit}`;

/** Visible entries, counted exactly up to `ceiling` (bounded cost whatever the table sizes). */
const boundedCount = sql`
  least(${ceiling}::int,
    (select count(*) from (${activityRows(ceiling)}) a)
    + (select count(*) from (${stepRows(ceiling)}) s)
    + (select count(*) from (${eventRows(ceiling)}) e))::int`;

/**
 * The newest-first page and the count in one statement: each kind reads at most offset + limit
 * rows from its date index, the UNION ALL is merged, ordered and cut, and the count (an InitPlan,
 * computed once) looks at most FEED_COUNT_LOOKAHEAD rows past the page. Page 1 therefore costs
 * the same at 1,000 or 1,000,000 rows. An empty page carries no count: the caller asks `countFeed`.
 */
const prepareFeedPage = (db: DbOrTx) =>
  db
    .select({
      kind: sql<FeedRow['kind']>`t.kind`,
      id: sql<number>`t.id`,
      user_id: sql<number>`t.user_id`,
      name: sql<string>`t.name`,
      moving_time: sql<number>`t.moving_time`,
      at: sql<Date | string>`t.at`,
      first_name: sql<string>`t.first_name`,
      last_name: sql<string>`t.last_name`,
      profile_picture: sql<string | null>`t.profile_picture`,
      total: sql<number>`t.total`,
    })
    .from(
      sql`(
      with page as (
        select 'activity' as kind, id, user_id, name, moving_time, at from (${activityRows(enough)}) a
        union all
        select 'steps', id, user_id, ${sql.placeholder('stepsName')}, ${sql.placeholder('dailySteps')}::int, date::timestamp at time zone 'UTC' from (${stepRows(enough)}) s
        union all
        select 'event', id, user_id, ${sql.placeholder('eventName')},
               ${sql.placeholder('event')}::int + case when is_in_the_top_three then ${sql.placeholder('eventTopThree')}::int else 0 end,
               date::timestamp at time zone 'UTC'
          from (${eventRows(enough)}) e
      )
      select page.*, u.first_name, u.last_name, u.profile_picture, ${boundedCount} as total
        from page join users u on u.id = page.user_id
       order by page.at desc, page.kind asc, page.id desc
       limit ${pageLimit} offset ${pageOffset}) as t`,
    )
    .prepare('feed_page');

const prepareFeedCount = (db: DbOrTx) =>
  db
    .select({ count: sql<number>`${boundedCount}` })
    .from(sql`(select 1) as one`)
    .prepare('feed_count');

const feedPage = preparedPerDb(prepareFeedPage);
const feedCount = preparedPerDb(prepareFeedCount);

export const findFeedPage = async (
  db: DbOrTx,
  viewer: FeedViewer,
  rules: ScoringRules,
  limit: number,
  offset: number,
): Promise<Array<FeedRow & { total: number }>> =>
  feedPage(db).execute({
    viewerId: viewer.userId,
    stravaFeedSharing: viewer.stravaFeedSharing,
    limit,
    offset,
    enough: offset + limit,
    ceiling: offset + limit + FEED_COUNT_LOOKAHEAD,
    stepsName: STEPS_FEED_NAME,
    eventName: EVENT_FEED_NAME,
    dailySteps: rules.dailySteps,
    event: rules.event,
    eventTopThree: rules.eventTopThree,
  });

/** The bounded count alone (for a page past the end, which has no row to carry it). */
export const countFeed = async (db: DbOrTx, viewer: FeedViewer, limit: number, offset: number) => {
  const [row] = await feedCount(db).execute({
    viewerId: viewer.userId,
    stravaFeedSharing: viewer.stravaFeedSharing,
    ceiling: offset + limit + FEED_COUNT_LOOKAHEAD,
  });
  return Number(row?.count ?? 0);
};
