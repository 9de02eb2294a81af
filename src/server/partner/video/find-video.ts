// The video of a page: found in the catalogue only among the session user's channels.
import type { VideoInfo } from '../../../lib/api/video';
import { addDays, SECONDS_PER_DAY } from '../../../lib/dates/time';
import type { SessionUser } from '../../auth/session-user';
import { first } from '../../db/query';
import { sql } from '../../db/sql';

interface VideoRow {
  video_id: string;
  video_title: string;
  type: VideoInfo['type'];
  published_at: number | null;
  channel_id: string;
  channel_title: string;
  title_id: number | null;
  title: string | null;
}

/**
 * The video when one of the user's channels (user_channels: grants and the in-house limit) holds it,
 * else null: a video out of scope is answered exactly as one that does not exist. Titles only for users
 * who see them.
 * @example await findVideo(env.DB, c.var.user, 'dQw4w9WgXcQ')
 */
export async function findVideo(db: D1Database, user: SessionUser, videoId: string): Promise<VideoInfo | null> {
  const row = await first<VideoRow>(
    db,
    sql`SELECT v.video_id, v.video_title, v.type, v.published_at, c.youtube_id AS channel_id, c.title AS channel_title,
      v.title_id, t.title
    FROM videos v JOIN channels c ON c.id = v.channel_id LEFT JOIN titles t ON t.id = v.title_id
    WHERE v.video_id = ${videoId} AND c.youtube_id IS NOT NULL
      AND v.channel_id IN (SELECT channel_id FROM user_channels WHERE user_id = ${user.id})`,
    'sql',
  );
  if (!row) return null;
  const titled = user.showTitle && row.title_id !== null;
  return {
    video_id: row.video_id,
    video_title: row.video_title,
    type: row.type,
    published: row.published_at === null ? null : addDays('1970-01-01', Math.floor(row.published_at / SECONDS_PER_DAY)),
    channel_id: row.channel_id,
    channel_title: row.channel_title,
    title_id: titled ? row.title_id : null,
    title: titled ? row.title : null,
  };
}
