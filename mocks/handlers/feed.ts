import type { HttpHandler } from 'msw';
import { feedEndpoints as endpoints, type FeedItem } from '@/contract/feed';
import { EVENT_FEED_NAME, FEED_COUNT_LOOKAHEAD, STEPS_FEED_NAME } from '@/domain/feed-names';
import { defaultScoringRules as rules } from '@/domain/scoring-rules';
import { findUserById, isEmailConfirmed, mockDb } from '../db';
import { mockRoute } from '../http';
import { uploadUrl } from '../serialize';

/**
 * The feed in memory with the server's rules (the API's modules/feed): public users plus the viewer,
 * Strava imports only to their owner (Strava API agreement), newest first,
 * ties by kind then newest id, and the same bounded count.
 */
type Entry = Omit<FeedItem, 'firstName' | 'lastName' | 'profilePicture'> & { kind: string; rowId: number };

const midnight = (day: string) => `${day}T00:00:00.000Z`;

export const feedHandlers: HttpHandler[] = [
  mockRoute(endpoints.feed, ({ user, query }) => {
    const visibleUser = (userId: number) => {
      if (userId === user.id) return true;
      const owner = findUserById(userId);
      return owner?.isPrivateActivity === false && isEmailConfirmed(owner);
    };
    const entries: Entry[] = [
      ...mockDb.activities
        .filter((row) => visibleUser(row.userId) && (row.source !== 'strava' || row.userId === user.id))
        .map((row) => ({
          kind: 'activity',
          rowId: row.id,
          id: `activity-${row.id}`,
          userId: row.userId,
          name: row.name,
          startDate: new Date(row.startAt).toISOString(),
          movingTime: row.movingTime,
          isAchievement: false,
          isEvent: false,
        })),
      ...mockDb.dailyStepAchievements
        .filter((row) => visibleUser(row.userId))
        .map((row) => ({
          kind: 'steps',
          rowId: row.id,
          id: `steps-${row.id}`,
          userId: row.userId,
          name: STEPS_FEED_NAME,
          startDate: midnight(row.date),
          movingTime: rules.dailySteps,
          isAchievement: true,
          isEvent: false,
        })),
      ...mockDb.eventParticipations
        .filter((row) => visibleUser(row.userId))
        .map((row) => ({
          kind: 'event',
          rowId: row.id,
          id: `event-${row.id}`,
          userId: row.userId,
          name: EVENT_FEED_NAME,
          startDate: midnight(row.date),
          movingTime: rules.event + (row.isInTheTopThree ? rules.eventTopThree : 0),
          isAchievement: false,
          isEvent: true,
        })),
    ].sort((a, b) => b.startDate.localeCompare(a.startDate) || a.kind.localeCompare(b.kind) || b.rowId - a.rowId);
    const offset = (query.page - 1) * query.pageSize;
    return {
      count: Math.min(entries.length, offset + query.pageSize + FEED_COUNT_LOOKAHEAD),
      feed: entries.slice(offset, offset + query.pageSize).map(({ kind: _kind, rowId: _rowId, ...entry }) => {
        const owner = findUserById(entry.userId)!;
        return { ...entry, firstName: owner.firstName, lastName: owner.lastName, profilePicture: uploadUrl(owner.profilePicture) };
      }),
    };
  }),
];
