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
const pageLimit = sql.placeholder('limit');
const pageOffset = sql.placeholder('offset');
/** offset + limit: how many rows each range reads. */
const enough = sql.placeholder('enough');
/** enough + FEED_COUNT_LOOKAHEAD: how far the bounded count looks. */
const ceiling = sql.placeholder('ceiling');

/*
 * feed_entries (migration 0007) carries each entry's visibility facts. What a viewer sees is two
 * disjoint index ranges, both newest first: the public entries (Strava imports only when the
 * server shares them) and the viewer's own entries that are not public that way. Each range stops
 * after enough rows, so page 1 costs the same at 1,000 or 1,000,000 entries.
 */
const ORDER = sql.raw('f.at desc nulls last, f.kind asc, f.entry_id desc nulls last');
const publicEntries = (sharing: boolean) => (sharing ? sql.raw('f.is_public') : sql.raw('f.is_public and not f.is_strava'));
const publicRange = (sharing: boolean, limit: Placeholder) => sql`
  select f.* from feed_entries f where ${publicEntries(sharing)} order by ${ORDER} limit ${limit}`;
const ownRange = (sharing: boolean, limit: Placeholder) => sql`
  select f.* from feed_entries f where f.user_id = ${viewerId} and not (${publicEntries(sharing)}) order by ${ORDER} limit ${limit}`;

/** Visible entries, counted exactly up to `ceiling` (bounded cost whatever the table sizes). */
const boundedCount = (sharing: boolean) => sql`
  least(${ceiling}::int,
    (select count(*) from (${publicRange(sharing, ceiling)}) p) + (select count(*) from (${ownRange(sharing, ceiling)}) o))::int`;

/**
 * The newest-first page and the count in one statement; an empty page carries no count (the caller
 * asks `countFeed`). Step and event entries take their names and minutes from the scoring rules.
 * Names come from a LATERAL primary-key probe, so the generic plan never hash-joins users.
 */
const prepareFeedPage = (db: DbOrTx, sharing: boolean) =>
  db
    .select({
      kind: sql<FeedRow['kind']>`f.kind`,
      id: sql<number>`f.entry_id`,
      user_id: sql<number>`f.user_id`,
      name: sql<string>`case f.kind when 'steps' then ${sql.placeholder('stepsName')}::text when 'event' then ${sql.placeholder('eventName')}::text else f.name end`,
      moving_time: sql<number>`case f.kind
        when 'steps' then ${sql.placeholder('dailySteps')}::int
        when 'event' then ${sql.placeholder('event')}::int + case when f.is_in_the_top_three then ${sql.placeholder('eventTopThree')}::int else 0 end
        else f.moving_time end`,
      at: sql<Date | string>`f.at`,
      first_name: sql<string>`u.first_name`,
      last_name: sql<string>`u.last_name`,
      profile_picture: sql<string | null>`u.profile_picture`,
      total: sql<number>`${boundedCount(sharing)}`,
    })
    .from(sql`((${publicRange(sharing, enough)}) union all (${ownRange(sharing, enough)})) f
      cross join lateral (select u.first_name, u.last_name, u.profile_picture from users u where u.id = f.user_id limit 1) u`)
    .orderBy(sql`${ORDER}`)
    .limit(pageLimit)
    .offset(pageOffset)
    .prepare(sharing ? 'feed_page_shared' : 'feed_page');

const prepareFeedCount = (db: DbOrTx, sharing: boolean) =>
  db
    .select({ count: sql<number>`${boundedCount(sharing)}` })
    .from(sql`(select 1) as one`)
    .prepare(sharing ? 'feed_count_shared' : 'feed_count');

const feedPage = { own: preparedPerDb((db) => prepareFeedPage(db, false)), shared: preparedPerDb((db) => prepareFeedPage(db, true)) };
const feedCount = { own: preparedPerDb((db) => prepareFeedCount(db, false)), shared: preparedPerDb((db) => prepareFeedCount(db, true)) };
const statementsFor = (viewer: FeedViewer) => (viewer.stravaFeedSharing ? 'shared' : 'own');

export const findFeedPage = async (
  db: DbOrTx,
  viewer: FeedViewer,
  rules: ScoringRules,
  limit: number,
  offset: number,
): Promise<Array<FeedRow & { total: number }>> =>
  feedPage[statementsFor(viewer)](db).execute({
    viewerId: viewer.userId,
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
  const [row] = await feedCount[statementsFor(viewer)](db).execute({
    viewerId: viewer.userId,
    ceiling: offset + limit + FEED_COUNT_LOOKAHEAD,
  });
  return Number(row?.count ?? 0);
};
