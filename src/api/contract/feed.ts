import { z } from 'zod';
import { PageQuery, endpoint } from './common';

/** One entry of a colleague's (or the viewer's own) activity, step achievement or event participation. */
export const FeedItem = z.object({
  /** Unique across kinds, e.g. `activity-12`, `steps-3`, `event-7`. */
  id: z.string(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  /** ISO date-time the entry happened. */
  startDate: z.string(),
  /** Minutes for activities, points for step and event bonuses. */
  movingTime: z.number().int(),
  isAchievement: z.boolean(),
  isEvent: z.boolean(),
});
export type FeedItem = z.infer<typeof FeedItem>;
export const FeedResponse = z.object({ feed: z.array(FeedItem), count: z.number().int().min(0) });
export type FeedResponse = z.infer<typeof FeedResponse>;

export const feedEndpoints = {
  feed: endpoint({ method: 'GET', path: '/user/activity/feed', auth: 'user', query: PageQuery, status: 200, response: FeedResponse }),
};
