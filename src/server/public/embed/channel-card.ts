// The embeddable channel card's figures (/embed/channel/{id}): the channel page's headline figures for
// the last 30 days and the snapshot day they are taken at.
import { HttpError } from '../../http/errors';
import { getChannelInfo } from '../channel';
import type { PublicContext } from '../context';

/** What the card shows; figures are null while the channel has none for the last 30 days. */
export interface EmbedChannelCard {
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  figures: {
    subscriber_count: number;
    view_count: number;
    monthly_views: number;
    /** Percent change of monthly views against the 30 days before (2 decimals), null without them. */
    monthly_views_change: number | null;
  } | null;
  /** The snapshot day the figures are taken at, 'YYYY-MM-DD'. */
  as_of: string | null;
}

/**
 * The card of a tracked channel, or null for an unknown one (the page answers 404).
 * @example await getEmbedChannelCard(ctx, 'UC0000000000000000000001')
 */
export async function getEmbedChannelCard(ctx: PublicContext, youtubeId: string): Promise<EmbedChannelCard | null> {
  const info = await getChannelInfo(ctx, youtubeId, 'now').catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  if (!info) return null;
  const now = info.info_now;
  return {
    channel_id: info.channel_id,
    channel_title: info.channel_title,
    thumbnail_url: info.thumbnail_url,
    figures: now
      ? {
          subscriber_count: now.subscriber_count,
          view_count: now.view_count,
          monthly_views: now.monthly_views,
          monthly_views_change: info.changes.monthly_views,
        }
      : null,
    as_of: info.as_of,
  };
}
