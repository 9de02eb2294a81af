// /stat/channel_uploads and the channel page's Recent uploads: the newest uploads the uploads job keeps (channel_uploads).
import { raw } from '../../db/sql';
import { all } from '../../db/query';
import type { PublicContext } from '../context';
import { requireChannel } from './lookup';
import type { ChannelUpload, ChannelUploads } from '../../../lib/api/channel-uploads';
import { MS_PER_SECOND } from '../../../lib/dates/time';

interface UploadRow {
  video_id: string;
  title: string;
  published_at: number;
  thumbnail_url: string;
  duration_seconds: number | null;
  view_count: number | null;
  like_count: number | null;
  comment_count: number | null;
  first_seen_at: number;
  first_view_count: number | null;
  first_like_count: number | null;
  first_comment_count: number | null;
  updated_at: number;
}

const iso = (seconds: number) => new Date(seconds * MS_PER_SECOND).toISOString();
const growth = (latest: number | null, first: number | null) => (latest === null || first === null ? null : latest - first);

function uploadOf(r: UploadRow): ChannelUpload {
  return {
    video_id: r.video_id,
    title: r.title,
    published_at: iso(r.published_at),
    thumbnail_url: r.thumbnail_url,
    duration_seconds: r.duration_seconds,
    views: r.view_count,
    likes: r.like_count,
    comments: r.comment_count,
    first_seen_at: iso(r.first_seen_at),
    views_growth: growth(r.view_count, r.first_view_count),
    likes_growth: growth(r.like_count, r.first_like_count),
    comments_growth: growth(r.comment_count, r.first_comment_count),
  };
}

/**
 * The channel's kept uploads in playlist order (newest first); a 404 when the channel is unknown. One
 * range read on the table's (channel, video) key: at most 12 rows.
 * @example const { uploads, updated_at } = await getChannelUploads(ctx, 'UC0000000000000000000001')
 */
export async function getChannelUploads(ctx: PublicContext, youtubeId: string): Promise<ChannelUploads> {
  const channel = await requireChannel(ctx, youtubeId);
  const rows = await all<UploadRow>(
    ctx.db,
    raw(
      `SELECT video_id, title, published_at, thumbnail_url, duration_seconds, view_count, like_count, comment_count,
      first_seen_at, first_view_count, first_like_count, first_comment_count, updated_at
    FROM channel_uploads WHERE channel_id = ?1 ORDER BY position, published_at DESC`,
      channel.id,
    ),
    'sql',
  );
  const updated = rows.reduce<number | null>((latest, r) => (latest === null || r.updated_at > latest ? r.updated_at : latest), null);
  return { channel_id: channel.youtube_id, updated_at: updated === null ? null : iso(updated), uploads: rows.map(uploadOf) };
}
