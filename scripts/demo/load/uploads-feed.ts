// Recent uploads through the uploads job's parser and loader: each channel's playlist and its videos read a week
// ago, then today, so the channel page shows growth since first seen.
import { loadChannelUploads, type ChannelUploadList } from '../../../src/server/ingest/api-load';
import { toUploadIds, toVideoRecords, type VideoRecord } from '../../../src/server/ingest/parse';
import { SECONDS_PER_DAY } from '../../../src/lib/dates/time';
import { unixSeconds } from '../generate/dates';
import type { ChannelRecord } from '../generate/records';
import { DEMO_UPLOADS_FIRST_READ_DAYS, generateUploads, type DemoUpload } from '../generate/uploads';
import type { World } from '../generate/world';
import { PAGE_SIZE } from '../formats/data-api';
import { uploadsPlaylistPage, uploadVideosPage } from '../formats/uploads-list';
import type { FileSink } from './sink';

/**
 * Channels given uploads: every tracked channel of the tiny and demo scales; of the large one's 100,000 the
 * first this many (partner channels, then public ones in the generator's order), so the seed stays fast.
 */
export const DEMO_UPLOAD_CHANNELS_MAX = 3_000;
/** Channels per loader call (one D1 batch of ≈ 12 rows each). */
const CHANNELS_PER_CALL = 400;
const FOLDER = 'data-api/uploads';

interface Tracked {
  record: ChannelRecord & { youtubeId: string };
  uploads: DemoUpload[];
}

/** One read of these channels at `at`: their playlists, then their videos 50 a page, stored in one batch. */
async function readAt(db: D1Database, group: Tracked[], at: number, sink: FileSink): Promise<number> {
  const lists: ChannelUploadList[] = [];
  const wanted: Array<{ channelId: string; channelTitle: string; upload: DemoUpload }> = [];
  for (const { record, uploads } of group) {
    const page = uploadsPlaylistPage(record.youtubeId, uploads, at);
    if (sink.active) sink.append(`${FOLDER}/playlistItems.list.ndjson`, JSON.stringify(page));
    const videoIds = toUploadIds(page);
    lists.push({ channelId: record.youtubeId, videoIds, outcome: 'listed' });
    const byId = new Map(uploads.map((u) => [u.videoId, u]));
    for (const upload of videoIds.flatMap((id) => byId.get(id) ?? [])) {
      wanted.push({ channelId: record.youtubeId, channelTitle: record.title, upload });
    }
  }
  const records: VideoRecord[] = [];
  for (let i = 0; i < wanted.length; i += PAGE_SIZE) {
    const page = uploadVideosPage(wanted.slice(i, i + PAGE_SIZE), at);
    if (sink.active) sink.append(`${FOLDER}/videos.list.ndjson`, JSON.stringify(page));
    records.push(...toVideoRecords(page));
  }
  return (await loadChannelUploads(db, lists, records, at)).uploads;
}

/** Loads the uploads of the demo's tracked channels (at most DEMO_UPLOAD_CHANNELS_MAX); answers the channels and rows of today's read. */
export async function loadUploads(db: D1Database, world: World, sink: FileSink): Promise<{ channels: number; uploads: number }> {
  const now = unixSeconds(world.ctx.calendar.today);
  const firstRead = now - DEMO_UPLOADS_FIRST_READ_DAYS * SECONDS_PER_DAY;
  const tracked: Tracked[] = [...world.partnerChannels, ...world.publicChannels]
    .map((c) => c.record)
    .filter((r): r is Tracked['record'] => r.youtubeId !== null && r.isUgc === 0)
    .slice(0, DEMO_UPLOAD_CHANNELS_MAX)
    .map((record) => ({ record, uploads: generateUploads(world.ctx.seed, record.id, now) }));
  let uploads = 0;
  for (let i = 0; i < tracked.length; i += CHANNELS_PER_CALL) {
    const group = tracked.slice(i, i + CHANNELS_PER_CALL);
    await readAt(db, group, firstRead, sink);
    uploads += await readAt(db, group, now, sink);
  }
  return { channels: tracked.length, uploads };
}
