// /stat/similar_channels: channels of the same category and language whose subscriber counts are closest.
import { raw } from '../../db/sql';
import { all } from '../../db/query';
import type { PublicContext } from '../context';
import { requireChannel } from './lookup';
import type { SimilarChannel } from '../../../lib/api/public-channels';

/** How many similar channels the carousel gets (3 or 4 shown at a time). */
export const SIMILAR_LIMIT = 12;

/**
 * Candidates are channels tracked in the last 30 days (channel_now) with the same category and
 * language, read through channels_by_language (language_code, category_id) of migration 0013 (on the
 * large dataset the biggest pair holds 8,041 of 100,500 channels), ordered by the distance of their subscribers to this channel's, then
 * by more subscribers, then by id. A channel without a category or language has no similar channels.
 * @example const similar = await getSimilarChannels(ctx, 'UC0000000000000000000001')
 */
export async function getSimilarChannels(ctx: PublicContext, youtubeId: string): Promise<SimilarChannel[]> {
  const channel = await requireChannel(ctx, youtubeId);
  if (channel.category_id === null || channel.language_code === null) return [];
  const results = await all<SimilarChannel>(
    ctx.db,
    raw(
      `WITH me AS (
      SELECT coalesce((SELECT subscriber_count FROM channel_now WHERE channel_id = ?1),
        (SELECT subscriber_count FROM channel_snapshots WHERE channel_id = ?1 ORDER BY day DESC LIMIT 1), 0) AS subs)
    SELECT c.youtube_id AS channel_id, c.title AS channel_title, c.thumbnail_url, n.subscriber_count, n.monthly_views,
      c.category_id, c.language_code, n.day
    FROM channels AS c JOIN channel_now AS n ON n.channel_id = c.id
    WHERE c.category_id = ?2 AND c.language_code = ?3 AND c.id <> ?1 AND c.youtube_id IS NOT NULL
    ORDER BY abs(n.subscriber_count - (SELECT subs FROM me)), n.subscriber_count DESC, c.id
    LIMIT ?4`,
      channel.id,
      channel.category_id,
      channel.language_code,
      SIMILAR_LIMIT,
    ),
    'sql',
  );
  return results;
}
