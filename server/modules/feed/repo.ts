import { sql, type SQL } from 'drizzle-orm';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import type { ScoringRules } from '@/domain/scoring-rules';
import { UPLOADS_PATH } from '../users/serialize';
import { EVENT_FEED_NAME, FEED_COUNT_LOOKAHEAD, STEPS_FEED_NAME } from '@/domain/feed-names';

/*
 * One statement answers the feed pages of several viewers (the service joins the reads of one
 * event-loop turn, tick-batch.ts): each page is a row of `pages`, the unnest of the viewer, limit
 * and offset arrays, and the per-page inputs below are that row's columns.
 */
const pages = sql`unnest(${sql.placeholder('viewers')}::int[], ${sql.placeholder('limits')}::int[], ${sql.placeholder('offsets')}::int[]) with ordinality b(viewer_id, page_limit, page_offset, ord)`;
const viewerId = sql.raw('b.viewer_id');
const pageLimit = sql.raw('b.page_limit');
const pageOffset = sql.raw('b.page_offset');
/** offset + limit: how many rows each range reads. */
const enough = sql.raw('(b.page_offset + b.page_limit)');
/** enough + FEED_COUNT_LOOKAHEAD: how far the bounded count looks. */
const ceiling = sql`(b.page_offset + b.page_limit + ${sql.placeholder('lookahead')}::int)`;

/*
 * feed_entries (migration 0007) carries each entry's visibility facts. What a viewer sees is two
 * disjoint index ranges, both newest first: the public entries (Strava imports only when the
 * server shares them) and the viewer's own entries that are not public that way. Each range stops
 * after enough rows, so page 1 costs the same at 1,000 or 1,000,000 entries.
 */
const ORDER = sql.raw('f.at desc nulls last, f.kind asc, f.entry_id desc nulls last');
const publicEntries = (sharing: boolean) => (sharing ? sql.raw('f.is_public') : sql.raw('f.is_public and not f.is_strava'));
/** The complement of publicEntries, written as the own_* partial indexes are (migration 0007). */
const ownEntries = (sharing: boolean) => (sharing ? sql.raw('not f.is_public') : sql.raw('(not f.is_public or f.is_strava)'));
/* An unconfirmed account (users.email_confirmed_at null) is public to nobody; its owner still sees it (docs/access.md). */
const publicRange = (sharing: boolean, limit: SQL) => sql`
  select f.* from feed_entries f where ${publicEntries(sharing)} and exists (select 1 from users cu where cu.id = f.user_id and cu.email_confirmed_at is not null) order by ${ORDER} limit ${limit}`;
const ownRange = (sharing: boolean, limit: SQL) => sql`
  select f.* from feed_entries f where f.user_id = ${viewerId} and (${ownEntries(sharing)} or not exists (select 1 from users cu where cu.id = ${viewerId} and cu.email_confirmed_at is not null)) order by ${ORDER} limit ${limit}`;

/** Visible entries, counted exactly up to `ceiling` (bounded cost whatever the table sizes). */
const boundedCount = (sharing: boolean) => sql`
  least(${ceiling}::int,
    (select count(*) from (${publicRange(sharing, ceiling)}) p) + (select count(*) from (${ownRange(sharing, ceiling)}) o))::int`;

/**
 * Each requested page's whole FeedResponse as JSON, one row per page in the order asked: the
 * newest-first page and the bounded count (subplans run per page row, also for a page past the
 * end). Step and event entries take their names and
 * minutes from the scoring rules; names come from a LATERAL primary-key probe (limit 1 keeps it
 * from being flattened), so the generic plan never hash-joins users. Field order follows the
 * contract's FeedItem; startDate is written as Date.toISOString() would.
 */
const feed = (sharing: boolean) =>
  rawStatement(
    sharing ? 'feed_pages_shared' : 'feed_pages',
    sql`select '{"feed":' || coalesce((
        select '[' || string_agg(row_to_json(item)::text, ',' order by ${ORDER}) || ']'
          from (select f.* from ((${publicRange(sharing, enough)}) union all (${ownRange(sharing, enough)})) f
                 order by ${ORDER} limit ${pageLimit} offset ${pageOffset}) f
          cross join lateral (select u.first_name, u.last_name, u.profile_picture from users u where u.id = f.user_id limit 1) u
          cross join lateral (select
              f.kind || '-' || f.entry_id as id,
              f.user_id as "userId",
              u.first_name as "firstName",
              u.last_name as "lastName",
              case f.kind when 'steps' then ${sql.placeholder('stepsName')}::text when 'event' then ${sql.placeholder('eventName')}::text else f.name end as name,
              case when u.profile_picture is null then null else ${sql.placeholder('uploadsPath')}::text || u.profile_picture end as "profilePicture",
              to_char(f.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startDate",
              case f.kind
                when 'steps' then ${sql.placeholder('dailySteps')}::int
                when 'event' then ${sql.placeholder('event')}::int + case when f.is_in_the_top_three then ${sql.placeholder('eventTopThree')}::int else 0 end
                else f.moving_time end as "movingTime",
              f.kind = 'steps' as "isAchievement",
              f.kind = 'event' as "isEvent") item
      ), '[]') || ',"count":' || ${boundedCount(sharing)} || '}'
      from ${pages}
      order by b.ord`,
  );

const feedStatement = { own: feed(false), shared: feed(true) };

/** One feed page to read: whose, how many entries from which position. */
export type FeedPageCall = { viewerId: number; limit: number; offset: number };

/**
 * Pages of what each viewer may see, newest first, with the bounded count, as FeedResponse JSON, in
 * the order of `calls`. `stravaFeedSharing` is the server's setting, the same for every viewer.
 */
export const findFeedJsons = async (db: DbOrTx, calls: readonly FeedPageCall[], stravaFeedSharing: boolean, rules: ScoringRules): Promise<string[]> => {
  const rows = await feedStatement[stravaFeedSharing ? 'shared' : 'own'](db, {
    viewers: `{${calls.map((call) => call.viewerId).join(',')}}`,
    limits: `{${calls.map((call) => call.limit).join(',')}}`,
    offsets: `{${calls.map((call) => call.offset).join(',')}}`,
    lookahead: FEED_COUNT_LOOKAHEAD,
    stepsName: STEPS_FEED_NAME,
    eventName: EVENT_FEED_NAME,
    dailySteps: rules.dailySteps,
    event: rules.event,
    eventTopThree: rules.eventTopThree,
    uploadsPath: UPLOADS_PATH,
  });
  return rows.map((row) => row[0] as string);
};

export const feedRepo = repoOf({ findFeedJsons });
