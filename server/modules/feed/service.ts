import type { FeedResponse } from '../../../src/api/contract/activity';
import type { DbOrTx } from '../../db/client';
import { uploadUrl } from '../users/serialize';
import type { ScoringRules } from '../scoring/rules';
import { countFeed, findFeedPage, type FeedViewer } from './repo';

/** GET /user/activity/feed: a page of visible entries, newest first, with the (bounded) count. */
export const feedPage = async (db: DbOrTx, viewer: FeedViewer, rules: ScoringRules, page: number, pageSize: number): Promise<FeedResponse> => {
  const offset = (page - 1) * pageSize;
  const rows = await findFeedPage(db, viewer, rules, pageSize, offset);
  const count = rows[0] ? Number(rows[0].total) : await countFeed(db, viewer, pageSize, offset);
  return {
    count,
    feed: rows.map((row) => ({
      id: `${row.kind}-${row.id}`,
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      name: row.name,
      profilePicture: uploadUrl(row.profile_picture),
      startDate: new Date(row.at).toISOString(),
      movingTime: Number(row.moving_time),
      isAchievement: row.kind === 'steps',
      isEvent: row.kind === 'event',
    })),
  };
};
