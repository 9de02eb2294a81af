// Live streams as the live job sees them: search.list?eventType=live per channel, then videos.list liveStreamingDetails.
import type { BroadcastRecord } from '../generate/records';
import { isoTime } from './csv';
import { etag, listPage, videoThumbnails } from './data-api';

export interface StreamChannel {
  youtubeId: string;
  title: string;
}

/** search.list?part=snippet&channelId=…&eventType=live&type=video: the channel's streams on air. */
export function liveSearchPage(channel: StreamChannel, streams: readonly BroadcastRecord[]) {
  return listPage(
    'searchListResponse',
    streams.map((s) => ({
      kind: 'youtube#searchResult',
      etag: etag('search', s.videoId),
      id: { kind: 'youtube#video', videoId: s.videoId },
      snippet: {
        publishedAt: isoTime(s.startedAt),
        channelId: channel.youtubeId,
        title: s.name,
        description: '',
        thumbnails: videoThumbnails(s.previewUrl),
        channelTitle: channel.title,
        liveBroadcastContent: 'live',
      },
    })),
    `search/${channel.youtubeId}`,
    { regionCode: 'US' },
  );
}

/**
 * videos.list?part=snippet,liveStreamingDetails for streams, either on air (concurrent viewers, no
 * end; a stream that has ended is shown at its peak) or after they ended (end time, no viewers).
 */
export function liveVideosPage(
  streams: readonly BroadcastRecord[],
  channels: ReadonlyMap<number, StreamChannel>,
  phase: 'on-air' | 'ended',
) {
  return listPage(
    'videoListResponse',
    streams.map((s) => {
      const channel = channels.get(s.channelId);
      if (!channel) throw new Error(`stream ${s.videoId} has no channel`);
      const ended = phase === 'ended' && s.endedAt !== null;
      return {
        kind: 'youtube#video',
        etag: etag('live', s.videoId, phase),
        id: s.videoId,
        snippet: {
          publishedAt: isoTime(s.startedAt),
          channelId: channel.youtubeId,
          title: s.name,
          thumbnails: videoThumbnails(s.previewUrl),
          channelTitle: channel.title,
          liveBroadcastContent: ended ? 'none' : 'live',
        },
        liveStreamingDetails: ended
          ? {
              scheduledStartTime: isoTime(s.startedAt),
              actualStartTime: isoTime(s.startedAt),
              actualEndTime: isoTime(s.endedAt ?? s.startedAt),
            }
          : { scheduledStartTime: isoTime(s.startedAt), actualStartTime: isoTime(s.startedAt), concurrentViewers: String(s.watchingCount) },
      };
    }),
    `live/${phase}/${streams[0]?.videoId ?? ''}`,
  );
}
