import type { Logger } from '../../../logger';
import type { StravaEvent } from '@/contract/trackers';
import type { Clock } from '@/domain/clock';
import type { Db } from '../../../db/client';
import { nextQuarterHour, ProviderError } from '../provider-request';
import type { ProviderActivity, ProviderClient } from '../types';
import { stravaInboxRepo, type InboxEvent } from './inbox-repo';

/** Reads one athlete's events may cost per 15-minute window; further creates and updates are covered by one listing sync. */
export const EVENT_READS_PER_ATHLETE = 5;
/** A failed read waits 10 s, then twice as long each time, never more than 2 minutes (so it follows soon after Strava is back). */
const BACKOFF_FIRST_MS = 10_000;
const BACKOFF_MAX_MS = 120_000;
/** How long a drain holds an event it applies; a process that stops meanwhile leaves it due again after this. */
const LEASE_MS = 5 * 60_000;
/** Events a drain takes at once. */
const CLAIM_BATCH = 50;
/** What Strava told us our subscription is, asked again after this long when an event names another one. */
const SUBSCRIPTION_RECHECK_MS = 15 * 60_000;
/** Applied events are remembered this long, so a copy posted again is recognised. */
const REMEMBER_MS = 7 * 86_400_000;

/** Exponential backoff with jitter (a quarter of the delay), capped. */
export const backoffMs = (attempts: number, random = Math.random) => {
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.75 + 0.25 * random()));
};

/** A Strava connection as the inbox needs it (the tracker service's `Connection` has more). */
export type InboxConnection = { userId: number; status: string; accessToken: string | null };

/** What the tracker service lends the inbox: its token handling, import transaction and connection ending. */
export type InboxDeps = {
  db: Db;
  clock: Clock;
  client: () => ProviderClient | null;
  connectionsOf: (ownerId: string) => Promise<InboxConnection[]>;
  withAccess: <T>(userId: number, call: (token: string) => Promise<T>) => Promise<T>;
  applyActivity: (userId: number, activity: ProviderActivity, now: Date) => Promise<void>;
  removeActivity: (userId: number, externalId: string) => Promise<void>;
  isImported: (userId: number, externalId: string) => Promise<boolean>;
  applyUpdateWithoutRead: (userId: number, externalId: string, updates: unknown, now: Date) => Promise<boolean>;
  endConnection: (userId: number) => Promise<void>;
  /** A read failed: the panel's failure count, the connection's last result (and reconnect needed). */
  noteFailure: (userId: number, error: unknown) => Promise<{ reconnectNeeded: boolean }>;
  markEvent: (userId: number, at: Date) => Promise<void>;
  /** Covers an athlete's events over the cap by one background listing sync. */
  syncInstead: (userId: number) => Promise<void>;
  /** Runs the drain again at `at` (a job). */
  drainAt: (at?: Date) => Promise<void>;
};

type Outcome = { kind: 'done'; read: boolean } | { kind: 'park' } | { kind: 'wait'; until: Date; read: boolean; stop: boolean };

const done = (read: boolean): Outcome => ({ kind: 'done', read });

/**
 * Strava's webhook events, applied in arrival order from the inbox table: an event is never lost.
 * Strava does not sign events, so only what fits our subscription (learned from Strava's
 * push-subscription endpoint) is applied, copies are one row, a delete of nothing we hold costs
 * nothing, and one athlete's events cost at most EVENT_READS_PER_ATHLETE reads a window.
 */
export const stravaInbox = (deps: InboxDeps) => {
  const repo = stravaInboxRepo(deps.db);
  let subscription: { id: string | null; at: number } | null = null;
  /** Strava was down or busy at the last try: until then this process leaves it alone (one probe per backoff). */
  let downUntil = 0;
  /** A drain was asked for and has not started: another new event needs no second job. */
  let drainAsked = false;
  /** Athletes over the read cap whose listing sync is queued for this window (one per window). */
  const syncQueued = new Map<string, number>();

  const isOurSubscription = async (given: string | null, client: ProviderClient) => {
    const now = deps.clock.now().getTime();
    const stale = !subscription || (subscription.id !== given && now - subscription.at > SUBSCRIPTION_RECHECK_MS);
    if (stale && client.pushSubscriptionId) subscription = { id: await client.pushSubscriptionId(), at: now };
    return given !== null && subscription?.id === given;
  };

  const failed = async (event: InboxEvent, userId: number, error: unknown, now: Date, log: Logger): Promise<Outcome> => {
    const read = error instanceof ProviderError && error.status !== null;
    log.warn({ err: error, userId, activityId: event.objectId }, 'Strava webhook event not applied yet');
    if (!(error instanceof ProviderError)) return { kind: 'wait', until: new Date(now.getTime() + backoffMs(event.attempts)), read, stop: false };
    const { reconnectNeeded } = await deps.noteFailure(userId, error);
    if (error.failure === 'rate_limited') return { kind: 'wait', until: error.retryAt ?? nextQuarterHour(now.getTime()), read, stop: true };
    // The athlete's grant no longer works: the event waits for them to connect again.
    if (reconnectNeeded || error.failure === 'forbidden') return { kind: 'park' };
    if (error.failure === 'gone') return done(read);
    // Strava down, a timeout, our set-up: wait with backoff; the other events wait too (one probe at a time).
    return { kind: 'wait', until: new Date(now.getTime() + backoffMs(event.attempts)), read, stop: true };
  };

  const applyToConnection = async (event: InboxEvent, connection: InboxConnection, client: ProviderClient, log: Logger): Promise<Outcome> => {
    const { userId } = connection;
    const now = deps.clock.now();
    if (event.objectType === 'athlete') {
      const authorized = event.updates.authorized;
      // The athlete withdrew our access at strava.com: the connection and its data go, whatever a refresh would say.
      if (authorized === 'false' || authorized === false) await deps.endConnection(userId);
      return done(false);
    }
    if (event.objectType !== 'activity' || !client.getActivity) return done(false);
    if (connection.status !== 'connected' || connection.accessToken === null) return { kind: 'park' };
    if (event.aspectType === 'update' && (await deps.applyUpdateWithoutRead(userId, event.objectId, event.updates, now))) {
      await deps.markEvent(userId, now);
      return done(false);
    }
    // A delete of a workout we do not hold changes nothing: no read.
    if (event.aspectType === 'delete' && !(await deps.isImported(userId, event.objectId))) return done(false);
    const windowStart = new Date(Math.floor(now.getTime() / 900_000) * 900_000);
    if ((await repo.readsSince(event.ownerId, windowStart)) >= EVENT_READS_PER_ATHLETE) {
      if (event.aspectType === 'delete') return { kind: 'wait', until: nextQuarterHour(now.getTime()), read: false, stop: false };
      if (syncQueued.get(event.ownerId) !== windowStart.getTime()) {
        syncQueued.set(event.ownerId, windowStart.getTime());
        await deps.syncInstead(userId);
      }
      return done(false);
    }
    try {
      const activity = await deps.withAccess(userId, (token) => client.getActivity!(token, event.objectId));
      // Strava answers 404 for a deleted activity: only then are its points removed.
      if (activity) await deps.applyActivity(userId, activity, now);
      else await deps.removeActivity(userId, event.objectId);
      await deps.markEvent(userId, now);
      return done(true);
    } catch (error) {
      return failed(event, userId, error, now, log);
    }
  };

  const applyOne = async (event: InboxEvent, client: ProviderClient, log: Logger): Promise<Outcome> => {
    try {
      if (!(await isOurSubscription(event.subscriptionId, client))) return done(false);
    } catch (error) {
      log.warn({ err: error }, 'Strava push subscription could not be read');
      return { kind: 'wait', until: new Date(deps.clock.now().getTime() + backoffMs(event.attempts)), read: false, stop: true };
    }
    let read = false;
    for (const connection of await deps.connectionsOf(event.ownerId)) {
      const outcome = await applyToConnection(event, connection, client, log);
      if (outcome.kind !== 'done') return outcome;
      read ||= outcome.read;
    }
    return done(read);
  };

  /** Applies every due event; stops early while Strava is down or busy, and runs again when the next one is due. */
  const drain = async (log: Logger) => {
    drainAsked = false;
    const client = deps.client();
    if (!client) return;
    const startedAt = deps.clock.now();
    if (startedAt.getTime() < downUntil) return deps.drainAt(new Date(downUntil));
    await repo.purgeDone(new Date(startedAt.getTime() - REMEMBER_MS));
    let stopped = false;
    while (!stopped) {
      const now = deps.clock.now();
      const batch = await repo.claimDue(now, new Date(now.getTime() + LEASE_MS), CLAIM_BATCH);
      if (batch.length === 0) break;
      for (const [index, event] of batch.entries()) {
        const outcome = await applyOne(event, client, log);
        const at = deps.clock.now();
        if (outcome.kind === 'done') await repo.finishEvent(event.id, at, outcome.read);
        else if (outcome.kind === 'park') await repo.parkEvent(event.id);
        else {
          await repo.postponeEvent(event.id, outcome.until, outcome.read ? at : null);
          if (outcome.stop) {
            downUntil = outcome.until.getTime();
            await repo.releaseEvents(batch.slice(index + 1).map((rest) => rest.id), outcome.until);
            await repo.postponeDue(outcome.until);
            stopped = true;
            break;
          }
        }
      }
    }
    const next = await repo.nextDueAt();
    if (next) await deps.drainAt(next);
  };

  return {
    /** Keeps an event (answered 200 once kept) and has it applied by the drain. */
    keep: async (event: StravaEvent) => {
      if (!(await repo.keepEvent(event, deps.clock.now())) || drainAsked) return;
      drainAsked = true;
      await deps.drainAt();
    },
    drain,
    /** The athlete connected again: what waited for them is applied now. */
    resume: async (ownerId: string) => {
      await repo.unparkOwner(ownerId, deps.clock.now());
      await deps.drainAt();
    },
  };
};
