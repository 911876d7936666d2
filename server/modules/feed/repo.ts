import { sql, type SQL } from 'drizzle-orm';
import { eventsSortAt, stepsSortAt } from '../../db/feed-sort-at';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { UPLOADS_PATH } from '../users/serialize';
import { EVENT_FEED_NAME, FEED_COUNT_LOOKAHEAD, STEPS_FEED_NAME } from '@/domain/feed-names';

/*
 * One statement answers the feed pages of several viewers (the service joins the reads of one
 * event-loop turn, tick-batch.ts): each page is a row of `pages`, the unnest of the viewer, limit
 * and offset arrays, and the per-page inputs below are that row's columns.
 */
const pages = sql`unnest(${sql.placeholder('viewers')}::int[], ${sql.placeholder('limits')}::int[], ${sql.placeholder('offsets')}::int[]) with ordinality b(viewer_id, page_limit, page_offset, ord)`;

/**
 * What a viewer may see (docs/product-rules.md#feed): their own entries, and colleagues' entries
 * when the colleague's activity is not private and their e-mail address is confirmed (docs/access.md); a colleague's activity also not when it is private
 * at its provider or imported from Strava (Strava's API agreement: only its athlete sees it).
 */
// A scalar probe per row read of the partial index of hidden people (users_hidden_idx): a visible
// owner is a miss in a small index, no table read (limit 1 keeps the planner from turning it into
// an anti-join that hashes every hidden user for each page).
const ownerIsPublic = (owner: SQL) =>
  sql`(select true from users u where u.id = ${owner} and (u.is_private_activity or u.email_confirmed_at is null) limit 1) is null`;
const visibleActivity = sql`(a.user_id = b.viewer_id or (a.source <> 'strava' and not a.is_private and ${ownerIsPublic(sql`a.user_id`)}))`;
const visibleDay = (alias: 's' | 'e') => sql`(${sql.raw(alias)}.user_id = b.viewer_id or ${ownerIsPublic(sql.raw(`${alias}.user_id`))})`;

/** Feed order, newest first; `sort_at` puts activities, then events, then steps at one instant (db/feed-sort-at.ts). */
const ORDER = sql.raw('f.sort_at desc, f.entry_id desc');

/**
 * The newest `limit` visible entries of all kinds. Each kind is read newest first from its own
 * index (activities (start_at, id), steps and events (sort_at, id)) and PostgreSQL merges the
 * three orders, pulling from each only what the merge needs: a page reads about `limit` rows in
 * all, whatever the table sizes (each kind's own `limit` only caps it). The columns are typed
 * alike in every branch so the union stays a plain append the planner can merge.
 */
const entries = (limit: SQL) => sql`
  select * from (
    (select 'activity'::text as kind, a.id as entry_id, a.user_id, a.start_at as at, a.start_at as sort_at, a.name, a.moving_time, false as top_three
       from activities a where ${visibleActivity} order by a.start_at desc, a.id desc limit ${limit})
    union all
    (select 'steps'::text, s.id, s.user_id, s.date::timestamp at time zone 'UTC', ${stepsSortAt(sql`s.date`)}, null::text, null::int, false
       from daily_step_achievements s where ${visibleDay('s')} order by 5 desc, s.id desc limit ${limit})
    union all
    (select 'event'::text, e.id, e.user_id, e.date::timestamp at time zone 'UTC', ${eventsSortAt(sql`e.date`)}, null::text, null::int, e.is_in_the_top_three
       from event_participations e where ${visibleDay('e')} order by 5 desc, e.id desc limit ${limit})
  ) f order by ${ORDER} limit ${limit}`;

/** offset + limit + FEED_COUNT_LOOKAHEAD: how many entries a page and its bounded count need. */
const ceiling = sql`(b.page_offset + b.page_limit + ${sql.placeholder('lookahead')}::int)`;

/**
 * Each requested page's whole FeedResponse as JSON, one row per page in the order asked. The newest
 * entries are read once (up to the count's ceiling) and numbered in feed order: the page is
 * positions offset+1..offset+limit, the bounded count is how many there are (docs/performance.md:
 * reading them twice, once for each, cost a quarter of the feed's row visits). Step and event
 * entries take their names and points from the scoring values in force for their competition
 * year; names come from a primary-key probe. Both probes run for the page's rows only: the
 * item's subquery has `offset 0`, so its position test stays a filter inside it instead of being
 * pulled up to after the probes. Field order follows the contract's FeedItem; startDate is written
 * as Date.toISOString() would.
 */
const feedStatement = rawStatement(
  'feed_pages',
  sql`select '{"feed":[' || coalesce(x.page, '') || '],"count":' || least(${ceiling}, x.total)::int || '}'
    from ${pages}
    cross join lateral (
      select count(*)::int as total, string_agg(row_to_json(item)::text, ',' order by f.position) as page
        from (select f.*, row_number() over (order by ${ORDER}) as position from (${entries(ceiling)}) f) f
        left join lateral (select
            f.kind || '-' || f.entry_id as id,
            f.user_id as "userId",
            u.first_name as "firstName",
            u.last_name as "lastName",
            case f.kind when 'steps' then ${sql.placeholder('stepsName')}::text when 'event' then ${sql.placeholder('eventName')}::text else f.name end as name,
            case when u.profile_picture is null then null else ${sql.placeholder('uploadsPath')}::text || u.profile_picture end as "profilePicture",
            to_char(f.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startDate",
            case f.kind
              when 'steps' then r.daily_steps
              when 'event' then r.event + case when f.top_three then r.event_top_three else 0 end
              else f.moving_time end as "movingTime",
            f.kind = 'steps' as "isAchievement",
            f.kind = 'event' as "isEvent"
           from (select u.first_name, u.last_name, u.profile_picture from users u where u.id = f.user_id limit 1) u
          cross join lateral (select r.daily_steps, r.event, r.event_top_three from scoring_rules r
                               where r.from_year <= competition_year_of(f.at::date) order by r.from_year desc limit 1) r
          where f.position > b.page_offset and f.position <= b.page_offset + b.page_limit
          offset 0) item on true
    ) x
    order by b.ord`,
);

/** One feed page to read: whose, how many entries from which position. */
export type FeedPageCall = { viewerId: number; limit: number; offset: number };

/** Pages of what each viewer may see, newest first, with the bounded count, as FeedResponse JSON, in the order of `calls`. */
export const findFeedJsons = async (db: DbOrTx, calls: readonly FeedPageCall[]): Promise<string[]> => {
  const rows = await feedStatement(db, {
    viewers: `{${calls.map((call) => call.viewerId).join(',')}}`,
    limits: `{${calls.map((call) => call.limit).join(',')}}`,
    offsets: `{${calls.map((call) => call.offset).join(',')}}`,
    lookahead: FEED_COUNT_LOOKAHEAD,
    stepsName: STEPS_FEED_NAME,
    eventName: EVENT_FEED_NAME,
    uploadsPath: UPLOADS_PATH,
  });
  return rows.map((row) => row[0] as string);
};

export const feedRepo = repoOf({ findFeedJsons });
