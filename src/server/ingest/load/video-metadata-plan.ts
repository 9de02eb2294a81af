// content_owner_video_metadata (snapshot) -> videos, titles by CMS custom_id, channel names.
import type { VideoMetadataRow } from '../parse';
import { channelIdSql, checkVideoAndChannelIds } from './channel-keys';
import { chunkStatements } from './json-chunks';
import type { PlanContext, ReportPlan } from './plan';
import { MS_PER_SECOND } from '../../../lib/dates/time';
import { videoTypeOf } from '../parse/video-type';

// ?1 custom ids, ?2 network, ?3 now. A title's name starts as its custom id; renaming it by hand sticks.
const CREATE_TITLES = `INSERT INTO titles (title, network_id, custom_id, created_at)
SELECT value, ?2, value, ?3 FROM json_each(?1) WHERE true ON CONFLICT (network_id, custom_id) DO NOTHING`;
// ?1 [video id, channel id, custom id, title, published_at, type, duration]. Unknown values keep what
// the row had; the type is only set on a new video (the Data API knows Shorts and streams better).
const UPSERT_VIDEOS = `INSERT INTO videos (video_id, channel_id, title_id, video_title, published_at, type, duration_seconds)
SELECT value ->> 0, ${channelIdSql('value ->> 1')},
  (SELECT id FROM titles WHERE network_id = ?2 AND custom_id = value ->> 2), value ->> 3, value ->> 4, value ->> 5, value ->> 6
FROM json_each(?1) WHERE true
ON CONFLICT (video_id) DO UPDATE SET channel_id = excluded.channel_id, title_id = coalesce(excluded.title_id, videos.title_id),
  video_title = excluded.video_title, published_at = coalesce(excluded.published_at, videos.published_at),
  duration_seconds = coalesce(excluded.duration_seconds, videos.duration_seconds)`;
// ?1 [channel id, display name]: names the channels, provisional titles included.
const NAME_CHANNELS = `UPDATE channels SET title = n.value ->> 1, title_provisional = 0
FROM json_each(?1) AS n WHERE channels.youtube_id = n.value ->> 0`;

const unixSeconds = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / MS_PER_SECOND));

/**
 * Plans a video metadata snapshot. A title is the set of videos sharing the network's CMS custom_id
 * (see docs/data-model.md); videos without one keep the title they had, or none.
 */
export function planVideoMetadata(ctx: PlanContext, report: { rows: readonly VideoMetadataRow[]; lineCount: number }): ReportPlan {
  checkVideoAndChannelIds(ctx.fileName, report);
  const names = new Map<string, string | null>();
  const customIds = new Set<string>();
  const videos: string[] = [];
  for (const row of report.rows) {
    const name = row.channelTitle?.trim() || null;
    names.set(row.channelId, name ?? names.get(row.channelId) ?? null);
    const customId = row.customId?.trim() || null;
    if (customId !== null) customIds.add(customId);
    // The report has no Shorts or live flag: its length and publish day class it (live comes from the reports' rows and the Data API).
    const type = videoTypeOf({ durationSeconds: row.lengthSeconds, publishedAt: row.publishedAt, live: false });
    videos.push(JSON.stringify([row.videoId, row.channelId, customId, row.title, unixSeconds(row.publishedAt), type, row.lengthSeconds]));
  }
  const named = [...names].filter(([, name]) => name !== null).map((pair) => JSON.stringify(pair));
  return {
    channels: { youtubeIds: names, ugc: false },
    slices: [],
    daily: false,
    snapshot: true,
    catalogue: { customIds: [...customIds] },
    channelCount: names.size,
    statements: (db, networkId, now) => [
      ...chunkStatements(
        db,
        CREATE_TITLES,
        [...customIds].map((id) => JSON.stringify(id)),
        networkId,
        now,
      ),
      ...chunkStatements(db, UPSERT_VIDEOS, videos, networkId),
      ...chunkStatements(db, NAME_CHANNELS, named),
    ],
  };
}
