import { and, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { StravaEvent } from '@/contract/trackers';
import type { DbOrTx } from '../../../db/client';
import { repoOf } from '../../../db/repo-of';
import { rowsOf } from '../../../db/rows';
import { stravaWebhookEvents } from '../../../db/schema';

export type InboxEvent = typeof stravaWebhookEvents.$inferSelect;

/** Keeps an event until it is applied; a copy of one already kept (Strava's retry, a replayed post) is the same row. */
export const keepEvent = async (db: DbOrTx, event: StravaEvent, now: Date) => {
  const rows = await db
    .insert(stravaWebhookEvents)
    .values({
      subscriptionId: event.subscription_id === undefined ? null : String(event.subscription_id),
      ownerId: String(event.owner_id),
      objectType: event.object_type,
      objectId: String(event.object_id),
      aspectType: event.aspect_type,
      eventTime: event.event_time ?? null,
      updates: event.updates ?? {},
      receivedAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: stravaWebhookEvents.id });
  return rows.length > 0;
};

/**
 * Takes the oldest due events (at most `limit`) until `leaseUntil`: another drain skips them
 * meanwhile, and a process that stops while applying them leaves them due again once the lease
 * ends (nothing is lost on a restart).
 */
export const claimDue = async (db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<InboxEvent[]> => {
  const result = await db.execute(sql`
    update ${stravaWebhookEvents} set next_attempt_at = ${leaseUntil.toISOString()}, attempts = attempts + 1
    where id in (select id from ${stravaWebhookEvents} where done_at is null and not parked and next_attempt_at <= ${now.toISOString()}
      order by id limit ${limit} for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db.select().from(stravaWebhookEvents).where(inArray(stravaWebhookEvents.id, ids)).orderBy(stravaWebhookEvents.id);
};

/** Claimed events not tried yet, handed back for `until` (Strava went down while applying the batch). */
export const releaseEvents = async (db: DbOrTx, ids: number[], until: Date) => {
  if (ids.length > 0) await db.update(stravaWebhookEvents).set({ nextAttemptAt: until }).where(inArray(stravaWebhookEvents.id, ids));
};

export const finishEvent = (db: DbOrTx, id: number, now: Date, costRead: boolean) =>
  db
    .update(stravaWebhookEvents)
    .set({ doneAt: now, ...(costRead ? { readAt: now } : {}) })
    .where(eq(stravaWebhookEvents.id, id));

/** Tries the event again at `until`; `readAt`: when the failed attempt still spent a read. */
export const postponeEvent = (db: DbOrTx, id: number, until: Date, readAt: Date | null) =>
  db
    .update(stravaWebhookEvents)
    .set({ nextAttemptAt: until, ...(readAt ? { readAt } : {}) })
    .where(eq(stravaWebhookEvents.id, id));

/** Strava is down or busy: every event due before `until` waits for it too (one probe, not one read per event). */
export const postponeDue = (db: DbOrTx, until: Date) =>
  db
    .update(stravaWebhookEvents)
    .set({ nextAttemptAt: until })
    .where(and(isNull(stravaWebhookEvents.doneAt), eq(stravaWebhookEvents.parked, false), lt(stravaWebhookEvents.nextAttemptAt, until)));

/** Waits for its connection to work again. */
export const parkEvent = (db: DbOrTx, id: number) => db.update(stravaWebhookEvents).set({ parked: true }).where(eq(stravaWebhookEvents.id, id));

/** The athlete connected again: their waiting events are due now. */
export const unparkOwner = (db: DbOrTx, ownerId: string, now: Date) =>
  db
    .update(stravaWebhookEvents)
    .set({ parked: false, nextAttemptAt: now })
    .where(and(eq(stravaWebhookEvents.ownerId, ownerId), eq(stravaWebhookEvents.parked, true), isNull(stravaWebhookEvents.doneAt)));

/** Reads events of this athlete cost since `since` (the per-athlete cap). */
export const readsSince = async (db: DbOrTx, ownerId: string, since: Date) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stravaWebhookEvents)
    .where(and(eq(stravaWebhookEvents.ownerId, ownerId), gte(stravaWebhookEvents.readAt, since)));
  return Number(row?.count ?? 0);
};

/** The earliest time an event waits for (null: nothing waits). */
export const nextDueAt = async (db: DbOrTx): Promise<Date | null> => {
  const [row] = await db
    .select({ at: sql<string | Date | null>`min(${stravaWebhookEvents.nextAttemptAt})` })
    .from(stravaWebhookEvents)
    .where(and(isNull(stravaWebhookEvents.doneAt), eq(stravaWebhookEvents.parked, false)));
  return row?.at ? new Date(row.at) : null;
};

/** Applied events are kept this long to recognise a copy, then forgotten. */
export const purgeDone = (db: DbOrTx, before: Date) => db.delete(stravaWebhookEvents).where(lte(stravaWebhookEvents.doneAt, before));

export const stravaInboxRepo = repoOf({ keepEvent, claimDue, releaseEvents, finishEvent, postponeEvent, postponeDue, parkEvent, unparkOwner, readsSince, nextDueAt, purgeDone });
