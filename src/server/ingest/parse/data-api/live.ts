// search.list?eventType=live + videos.list?part=liveStreamingDetails -> live broadcasts (/streams).
import * as z from 'zod';
import { listResponse, parseApi, thumbnailsSchema, thumbnailUrls } from './common';
import { videoListSchema } from './videos';

export const searchListSchema = listResponse(
  'youtube#searchListResponse',
  z.object({
    /** An object here, unlike the string id of channels.list and videos.list. */
    id: z.object({
      kind: z.string(),
      videoId: z.string().optional(),
      channelId: z.string().optional(),
      playlistId: z.string().optional(),
    }),
    snippet: z.object({
      publishedAt: z.string().optional(),
      channelId: z.string().optional(),
      title: z.string(),
      thumbnails: thumbnailsSchema.optional(),
      channelTitle: z.string().optional(),
      /** 'live', 'upcoming' or 'none'. */
      liveBroadcastContent: z.string().optional(),
    }),
  }),
);

export interface SearchResult {
  kind: 'video' | 'channel' | 'playlist';
  id: string;
  channelId: string | null;
  title: string;
  liveBroadcastContent: string | null;
  thumbnails: ReturnType<typeof thumbnailUrls>;
}

const KIND = new Map<string, SearchResult['kind']>([
  ['youtube#video', 'video'],
  ['youtube#channel', 'channel'],
  ['youtube#playlist', 'playlist'],
]);

/** A search.list page (videos, channels or playlists) to results. */
export function toSearchResults(response: unknown): { results: SearchResult[]; nextPageToken: string | null } {
  const page = parseApi('search.list', searchListSchema, response);
  const results = page.items.flatMap((item): SearchResult[] => {
    const kind = KIND.get(item.id.kind);
    const id = item.id.videoId ?? item.id.channelId ?? item.id.playlistId;
    if (!kind || !id) return [];
    return [
      {
        kind,
        id,
        channelId: item.snippet.channelId ?? null,
        title: item.snippet.title,
        liveBroadcastContent: item.snippet.liveBroadcastContent ?? null,
        thumbnails: thumbnailUrls(item.snippet.thumbnails),
      },
    ];
  });
  return { results, nextPageToken: page.nextPageToken ?? null };
}

/** Video ids of a `search.list?eventType=live&type=video` page, to pass to videos.list. */
export function liveVideoIds(response: unknown): string[] {
  return toSearchResults(response)
    .results.filter((r) => r.kind === 'video')
    .map((r) => r.id);
}

export interface LiveBroadcast {
  videoId: string;
  channelId: string;
  channelTitle: string | null;
  title: string;
  thumbnailUrl: string | null;
  /** "Watching now"; null when the owner hides it or the stream has ended. */
  concurrentViewers: number | null;
  scheduledStartTime: string | null;
  actualStartTime: string | null;
  actualEndTime: string | null;
  /** Started and not ended. */
  live: boolean;
}

/** videos.list with part=snippet,liveStreamingDetails to broadcasts; other videos are skipped. */
export function toLiveBroadcasts(response: unknown): LiveBroadcast[] {
  return parseApi('videos.list', videoListSchema, response).items.flatMap((v): LiveBroadcast[] => {
    const d = v.liveStreamingDetails;
    if (!d) return [];
    const thumbs = thumbnailUrls(v.snippet.thumbnails);
    return [
      {
        videoId: v.id,
        channelId: v.snippet.channelId,
        channelTitle: v.snippet.channelTitle ?? null,
        title: v.snippet.title,
        thumbnailUrl: thumbs.medium ?? thumbs.default,
        concurrentViewers: d.concurrentViewers ?? null,
        scheduledStartTime: d.scheduledStartTime ?? null,
        actualStartTime: d.actualStartTime ?? null,
        actualEndTime: d.actualEndTime ?? null,
        live: d.actualStartTime !== undefined && d.actualEndTime === undefined,
      },
    ];
  });
}
