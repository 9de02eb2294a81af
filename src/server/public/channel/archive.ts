// /stat/archive: a channel's monthly history, oldest month first (the history and monthly subs charts).
import { raw } from '../../db/sql';
import { all } from '../../db/query';
import type { PublicContext } from '../context';
import { requireChannel } from './lookup';
import type { ArchiveRow } from '../../../lib/api/public-channels';

/**
 * Every month channel_history_monthly holds for the channel (a primary-key range); 404 when unknown.
 * @example const months = await getArchive(ctx, 'UC0000000000000000000001')
 */
export async function getArchive(ctx: PublicContext, youtubeId: string): Promise<ArchiveRow[]> {
  const channel = await requireChannel(ctx, youtubeId);
  const results = await all<ArchiveRow>(
    ctx.db,
    raw(
      `SELECT month || '-01' AS month_date, monthly_views, subscriber_count, monthly_subs, view_count
    FROM channel_history_monthly WHERE channel_id = ?1 ORDER BY month`,
      channel.id,
    ),
    'sql',
  );
  return results;
}
