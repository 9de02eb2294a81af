// Live streams through the live job's calls: search.list finds them on air, videos.list reads them then and after they end.
import { loadLiveBroadcasts } from '../../../src/server/ingest/api-load';
import { liveVideoIds, toLiveBroadcasts } from '../../../src/server/ingest/parse';
import { unixSeconds } from '../generate/dates';
import type { BroadcastRecord } from '../generate/records';
import type { World } from '../generate/world';
import { PAGE_SIZE } from '../formats/data-api';
import { liveSearchPage, liveVideosPage, type StreamChannel } from '../formats/live-list';
import type { FileSink } from './sink';

const FOLDER = 'data-api/live';

async function loadPages(
  db: D1Database,
  streams: BroadcastRecord[],
  channels: Map<number, StreamChannel>,
  phase: 'on-air' | 'ended',
  sink: FileSink,
  now: number,
) {
  let stored = 0;
  for (let i = 0; i < streams.length; i += PAGE_SIZE) {
    const page = liveVideosPage(streams.slice(i, i + PAGE_SIZE), channels, phase);
    if (sink.active) sink.append(`${FOLDER}/videos.list_${phase}.ndjson`, JSON.stringify(page));
    stored += (
      await loadLiveBroadcasts(
        db,
        toLiveBroadcasts(page),
        page.items.map((item) => item.id),
        now,
      )
    ).stored;
  }
  return stored;
}

/**
 * Every stream (the ones on air now and the channels' earlier ones) found by a live search of its
 * channel and read while on air, then the ended ones read again after their end. Streams become
 * live videos this way, before the video metadata report (which cannot tell a stream) names them.
 */
export async function loadStreams(db: D1Database, world: World, sink: FileSink): Promise<number> {
  const channels = new Map(
    world.partnerChannels.flatMap((c) =>
      c.record.youtubeId === null ? [] : [[c.record.id, { youtubeId: c.record.youtubeId, title: c.record.title }] as const],
    ),
  );
  const streams = [...world.broadcasts.broadcasts, ...world.pastStreams].sort((a, b) => a.startedAt - b.startedAt);
  const found = new Set<string>();
  for (const [id, channel] of channels) {
    const own = streams.filter((s) => s.channelId === id);
    if (own.length === 0) continue;
    const search = liveSearchPage(channel, own);
    if (sink.active) sink.append(`${FOLDER}/search.list.ndjson`, JSON.stringify(search));
    for (const videoId of liveVideoIds(search)) found.add(videoId);
  }
  const now = unixSeconds(world.ctx.calendar.today);
  const onAir = streams.filter((s) => found.has(s.videoId));
  await loadPages(db, onAir, channels, 'on-air', sink, now);
  await loadPages(
    db,
    onAir.filter((s) => s.endedAt !== null),
    channels,
    'ended',
    sink,
    now,
  );
  return onAir.length;
}
