import type { feedEndpoints } from '@/contract/feed';
import type { DbOrTx } from '../../db/client';
import { PreSerialized } from '../../http/pre-serialized';
import type { ScoringRules } from '@/domain/scoring-rules';
import { findFeedJson, type FeedViewer } from './repo';

type FeedEndpoint = (typeof feedEndpoints)['feed'];

/** GET /user/activity/feed: a page of visible entries, newest first, with the (bounded) count. */
export const feedPage = async (db: DbOrTx, viewer: FeedViewer, rules: ScoringRules, page: number, pageSize: number) =>
  new PreSerialized<FeedEndpoint>(await findFeedJson(db, viewer, rules, pageSize, (page - 1) * pageSize));
