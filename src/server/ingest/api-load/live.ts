// Live broadcasts of partner channels (videos.list liveStreamingDetails) into videos and live_broadcasts.
import type { LiveBroadcast } from '../parse';
import { statement } from '../../db/query';
import { raw } from '../../db/sql';
import { unixSeconds } from './unix-time';

// A stream is also a partner video of type live (docs/stats.md, "How a video is classed"): an existing
// videos row (from reports) keeps its title and dates and becomes live, as the Data API knows streams best.
const INSERT_VIDEOS = `
INSERT INTO videos (video_id, channel_id, video_title, published_at, type)
SELECT j.value ->> 'videoId', c.id, j.value ->> 'title', j.value ->> 'startedAt', 'live'
FROM json_each(?1) AS j
JOIN channels c ON c.youtube_id = j.value ->> 'channelId'
WHERE true
ON CONFLICT (video_id) DO UPDATE SET type = 'live'`;

// watching_count is "now" while live and the peak seen once ended (the API stops giving viewers then).
const UPSERT_BROADCASTS = `
INSERT INTO live_broadcasts (video_id, channel_id, name, preview_url, watching_count, peak_watching_count, started_at, ended_at)
SELECT j.value ->> 'videoId', c.id, j.value ->> 'title', j.value ->> 'previewUrl', j.value ->> 'viewers',
       j.value ->> 'viewers', j.value ->> 'startedAt', j.value ->> 'endedAt'
FROM json_each(?1) AS j
JOIN channels c ON c.youtube_id = j.value ->> 'channelId'
WHERE j.value ->> 'videoId' IN (SELECT video_id FROM videos)
ON CONFLICT (video_id) DO UPDATE SET
  name = excluded.name,
  preview_url = CASE WHEN excluded.preview_url <> '' THEN excluded.preview_url ELSE live_broadcasts.preview_url END,
  peak_watching_count = max(live_broadcasts.peak_watching_count, excluded.peak_watching_count),
  watching_count = CASE WHEN excluded.ended_at IS NULL THEN excluded.watching_count
                        ELSE max(live_broadcasts.peak_watching_count, excluded.peak_watching_count) END,
  started_at = excluded.started_at,
  ended_at = excluded.ended_at`;

// Streams we thought live that videos.list no longer returns (deleted, made private) end now.
const END_MISSING = `
UPDATE live_broadcasts SET ended_at = max(started_at, ?2), watching_count = peak_watching_count
WHERE ended_at IS NULL AND video_id IN (SELECT value FROM json_each(?1))`;

/**
 * Stores the broadcasts videos.list returned and ends the ones among `checkedIds` (every id that
 * was asked for) that it did not return as started. One batch; `nowSeconds` is unix seconds.
 * @example await loadLiveBroadcasts(env.DB, toLiveBroadcasts(page), ids, nowSeconds)
 */
export async function loadLiveBroadcasts(
  db: D1Database,
  broadcasts: LiveBroadcast[],
  checkedIds: string[],
  nowSeconds: number,
): Promise<{ stored: number; live: number; endedMissing: number }> {
  const rows = broadcasts.flatMap((b) => {
    const startedAt = unixSeconds(b.actualStartTime);
    if (startedAt === null || b.videoId.length !== 11) return [];
    const endedAt = unixSeconds(b.actualEndTime);
    return [
      {
        videoId: b.videoId,
        channelId: b.channelId,
        title: b.title,
        previewUrl: b.thumbnailUrl ?? '',
        viewers: b.concurrentViewers ?? 0,
        startedAt,
        endedAt: endedAt === null ? null : Math.max(endedAt, startedAt),
      },
    ];
  });
  const started = new Set(rows.map((r) => r.videoId));
  const missing = checkedIds.filter((id) => !started.has(id));
  const json = JSON.stringify(rows);
  const [, upserted, ended] = await db.batch([
    statement(db, raw(INSERT_VIDEOS, json)),
    statement(db, raw(UPSERT_BROADCASTS, json)),
    statement(db, raw(END_MISSING, JSON.stringify(missing), nowSeconds)),
  ]);
  return {
    stored: upserted?.meta.changes ?? 0,
    live: rows.filter((r) => r.endedAt === null).length,
    endedMissing: ended?.meta.changes ?? 0,
  };
}
