import type { feedEndpoints } from '@/contract/feed';
import type { AppDeps } from '../../deps';
import { PreSerialized } from '../../http/pre-serialized';
import { feedRepo } from './repo';

type FeedEndpoint = (typeof feedEndpoints)['feed'];
type Deps = Pick<AppDeps, 'db'> & { config: Pick<AppDeps['config'], 'scoring' | 'stravaFeedSharing'> };

export const feedService = ({ db, config }: Deps) => {
  // Built once per app: a feed page allocates only its viewer and its answer.
  const reads = feedRepo(db);
  const rules = config.scoring;
  return {
    /** GET /user/activity/feed: a page of visible entries, newest first, with the (bounded) count. */
    page: async (userId: number, page: number, pageSize: number) =>
      new PreSerialized<FeedEndpoint>(await reads.findFeedJson({ userId, stravaFeedSharing: config.stravaFeedSharing }, rules, pageSize, (page - 1) * pageSize)),
  };
};
