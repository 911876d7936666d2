import { sql, type SQL } from 'drizzle-orm';
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
// A scalar primary-key probe per row read (limit 1 keeps the planner from turning it into an anti-join
// that hashes every user for each page).
const ownerIsPublic = (owner: SQL) =>
  sql`(select u.is_private_activity or u.email_confirmed_at is null from users u where u.id = ${owner} limit 1) is not true`;
const visibleActivity = sql`(a.user_id = b.viewer_id or (a.source <> 'strava' and not a.is_private and ${ownerIsPublic(sql`a.user_id`)}))`;
const visibleDay = (alias: 's' | 'e') => sql`(${sql.raw(alias)}.user_id = b.viewer_id or ${ownerIsPublic(sql.raw(`${alias}.user_id`))})`;

/**
 * The newest `limit` visible entries of each kind, each read newest first from its own index
 * (activities (start_at, id), steps and events (date, id)) and stopped after `limit` rows, so a
 * page costs the same at 1,000 or 1,000,000 rows. Steps and events happen at midnight UTC of their day.
 */
const entries = (limit: SQL) => sql`
  (select 'activity'::text as kind, a.id as entry_id, a.user_id, a.start_at as at, a.name, a.moving_time, false as top_three
     from activities a where ${visibleActivity} order by a.start_at desc, a.id desc limit ${limit})
  union all
  (select 'steps', s.id, s.user_id, s.date::timestamp at time zone 'UTC', null, null, false
     from daily_step_achievements s where ${visibleDay('s')} order by s.date desc, s.id desc limit ${limit})
  union all
  (select 'event', e.id, e.user_id, e.date::timestamp at time zone 'UTC', null, null, e.is_in_the_top_three
     from event_participations e where ${visibleDay('e')} order by e.date desc, e.id desc limit ${limit})`;

const ORDER = sql.raw('f.at desc, f.kind asc, f.entry_id desc');
/** offset + limit: how many rows of each kind a page needs. */
const enough = sql.raw('(b.page_offset + b.page_limit)');
/** enough + FEED_COUNT_LOOKAHEAD: how far the bounded count looks. */
const ceiling = sql`(b.page_offset + b.page_limit + ${sql.placeholder('lookahead')}::int)`;

/**
 * Each requested page's whole FeedResponse as JSON, one row per page in the order asked: the
 * newest-first page and the bounded count. Step and event entries take their names and points from
 * the scoring values in force for their competition year; names come from a LATERAL primary-key
 * probe (limit 1 keeps it from being flattened). Field order follows the contract's FeedItem;
 * startDate is written as Date.toISOString() would.
 */
const feedStatement = rawStatement(
  'feed_pages',
  sql`select '{"feed":' || coalesce((
      select '[' || string_agg(row_to_json(item)::text, ',' order by ${ORDER}) || ']'
        from (select f.* from (${entries(enough)}) f order by ${ORDER} limit b.page_limit offset b.page_offset) f
        cross join lateral (select u.first_name, u.last_name, u.profile_picture from users u where u.id = f.user_id limit 1) u
        cross join lateral (select r.daily_steps, r.event, r.event_top_three from scoring_rules r
                             where r.from_year <= competition_year_of(f.at::date) order by r.from_year desc limit 1) r
        cross join lateral (select
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
            f.kind = 'event' as "isEvent") item
    ), '[]') || ',"count":' || least(${ceiling}::int, (select count(*) from (${entries(ceiling)}) c))::int || '}'
    from ${pages}
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
