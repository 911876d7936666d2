import type { feedEndpoints } from '@/contract/feed';
import type { AppDeps } from '../../deps';
import { tickBatched } from '../../db/tick-batch';
import { PreSerialized } from '../../http/pre-serialized';
import { feedRepo, type FeedPageCall } from './repo';

type FeedEndpoint = (typeof feedEndpoints)['feed'];
type Deps = Pick<AppDeps, 'db'>;

export const feedService = ({ db }: Deps) => {
  // Built once per app: a feed page allocates only its call and its answer.
  const reads = feedRepo(db);
  // The feed pages asked for in one event-loop turn, whoever asks, in one statement (tick-batch.ts).
  const readPage = tickBatched<FeedPageCall, string>({
    groupOf: () => 'feed',
    keyOf: ({ viewerId, limit, offset }) => `${viewerId}:${limit}:${offset}`,
    run: (calls) => reads.findFeedJsons(calls),
    maxBatch: 64,
  });
  return {
    /** GET /user/activity/feed: a page of visible entries, newest first, with the (bounded) count. */
    page: async (userId: number, page: number, pageSize: number) =>
      new PreSerialized<FeedEndpoint>(await readPage({ viewerId: userId, limit: pageSize, offset: (page - 1) * pageSize })),
  };
};
