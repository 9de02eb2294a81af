// videos.list -> video records, and mostPopular chart pages -> hourly trend positions.
import * as z from 'zod';
import { durationSeconds } from '../times';
import { countString, listResponse, parseApi, thumbnailsSchema, thumbnailUrls } from './common';
import { type VideoType, videoTypeOf } from '../video-type';

const SOURCE = 'videos.list';
/** The mostPopular chart holds at most 200 videos per region. */
export const MOST_POPULAR_MAX = 200;
// PT6H10M9S; live broadcasts report P0D.
const ISO_DURATION = /^P(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/;

export const videoItemSchema = z.object({
  kind: z.literal('youtube#video'),
  id: z.string().min(1),
  snippet: z.object({
    publishedAt: z.string().min(1),
    channelId: z.string().min(1),
    title: z.string(),
    description: z.string().optional(),
    thumbnails: thumbnailsSchema.optional(),
    channelTitle: z.string().optional(),
    categoryId: z.string().optional(),
    liveBroadcastContent: z.string().optional(),
  }),
  contentDetails: z.object({ duration: z.string().regex(ISO_DURATION, 'expected an ISO 8601 duration').optional() }).optional(),
  /** Only with part=statistics; like and comment counts vanish when hidden or disabled. */
  statistics: z
    .object({
      viewCount: countString.optional(),
      likeCount: countString.optional(),
      dislikeCount: countString.optional(),
      commentCount: countString.optional(),
    })
    .optional(),
  liveStreamingDetails: z
    .object({
      actualStartTime: z.string().optional(),
      actualEndTime: z.string().optional(),
      scheduledStartTime: z.string().optional(),
      concurrentViewers: countString.optional(),
    })
    .optional(),
});
export type VideoItem = z.infer<typeof videoItemSchema>;
export const videoListSchema = listResponse('youtube#videoListResponse', videoItemSchema);

export interface VideoRecord {
  videoId: string;
  channelId: string;
  channelTitle: string | null;
  title: string;
  description: string | null;
  publishedAt: string;
  categoryId: string | null;
  durationSeconds: number | null;
  /** Full, short or live by the rule of video-type.ts. */
  type: VideoType;
  thumbnails: ReturnType<typeof thumbnailUrls>;
  /** null when the part was not requested or the count is hidden. */
  views: number | null;
  likes: number | null;
  /** Public only before December 2021. */
  dislikes: number | null;
  comments: number | null;
}

/** Streams: liveStreamingDetails (a stream past, present or scheduled), or a broadcast live or upcoming now. */
const LIVE_CONTENT = new Set(['live', 'upcoming']);

export function videoRecordOf(v: VideoItem): VideoRecord {
  const seconds = durationSeconds(v.contentDetails?.duration, 'contentDetails.duration');
  const live = v.liveStreamingDetails !== undefined || LIVE_CONTENT.has(v.snippet.liveBroadcastContent ?? '');
  return {
    videoId: v.id,
    channelId: v.snippet.channelId,
    channelTitle: v.snippet.channelTitle ?? null,
    title: v.snippet.title,
    description: v.snippet.description ?? null,
    publishedAt: v.snippet.publishedAt,
    categoryId: v.snippet.categoryId ?? null,
    durationSeconds: seconds,
    type: videoTypeOf({ durationSeconds: seconds, publishedAt: v.snippet.publishedAt, live }),
    thumbnails: thumbnailUrls(v.snippet.thumbnails),
    views: v.statistics?.viewCount ?? null,
    likes: v.statistics?.likeCount ?? null,
    dislikes: v.statistics?.dislikeCount ?? null,
    comments: v.statistics?.commentCount ?? null,
  };
}

/** A single video resource (or a videos.list item) to our record. */
export function toVideoRecord(item: unknown): VideoRecord {
  return videoRecordOf(parseApi(SOURCE, videoItemSchema, item));
}

/** A videos.list page to records. */
export function toVideoRecords(response: unknown): VideoRecord[] {
  return parseApi(SOURCE, videoListSchema, response).items.map(videoRecordOf);
}

export interface TrendPosition extends VideoRecord {
  regionCode: string;
  /** 1-based place in the chart across pages. Previous and best positions come from stored history. */
  position: number;
}

export interface TrendPage {
  positions: TrendPosition[];
  nextPageToken: string | null;
  /** Pass as startPosition with nextPageToken. */
  nextStartPosition: number;
}

/**
 * One page of `videos.list?chart=mostPopular&regionCode=XX`: position is the chart order, so the
 * second page starts where the first ended (`startPosition`, 1 for the first page).
 * @example toTrendPositions(page1, { regionCode: 'US', startPosition: 1 })
 */
export function toTrendPositions(response: unknown, context: { regionCode: string; startPosition: number }): TrendPage {
  const { regionCode, startPosition } = context;
  if (!Number.isInteger(startPosition) || startPosition < 1 || startPosition > MOST_POPULAR_MAX) {
    throw new RangeError(`startPosition must be 1..${MOST_POPULAR_MAX}, got ${startPosition}`);
  }
  const page = parseApi(SOURCE, videoListSchema, response);
  const positions = page.items.map((item, i) => ({ ...videoRecordOf(item), regionCode, position: startPosition + i }));
  return { positions, nextPageToken: page.nextPageToken ?? null, nextStartPosition: startPosition + page.items.length };
}
