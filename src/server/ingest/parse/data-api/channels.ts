// channels.list -> public daily channel snapshots (subscribers, views, videos, country ...).
import * as z from 'zod';
import { countString, listResponse, parseApi, thumbnailsSchema, thumbnailUrls } from './common';

const SOURCE = 'channels.list';
const ROUNDED_SIGNIFICANT_DIGITS = 3;

export const channelItemSchema = z.object({
  kind: z.literal('youtube#channel'),
  id: z.string().min(1),
  snippet: z.object({
    title: z.string(),
    customUrl: z.string().optional(),
    publishedAt: z.string().min(1),
    thumbnails: thumbnailsSchema.optional(),
    /** Absent when the channel has not set one. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
  }),
  contentDetails: z.object({ relatedPlaylists: z.object({ uploads: z.string().optional() }) }).optional(),
  statistics: z.object({
    viewCount: countString,
    /** Absent or "0" when the owner hides it. */
    subscriberCount: countString.optional(),
    hiddenSubscriberCount: z.boolean(),
    videoCount: countString,
  }),
  brandingSettings: z
    .object({
      image: z.object({ bannerExternalUrl: z.string().optional() }).optional(),
    })
    .optional(),
});
export const channelListSchema = listResponse('youtube#channelListResponse', channelItemSchema);

export interface ChannelSnapshot {
  channelId: string;
  title: string;
  customUrl: string | null;
  country: string | null;
  publishedAt: string;
  thumbnails: ReturnType<typeof thumbnailUrls>;
  bannerUrl: string | null;
  uploadsPlaylistId: string | null;
  /** null when the owner hides the count. */
  subscriberCount: number | null;
  subscriberCountHidden: boolean;
  /**
   * The public API rounds subscriber counts to 3 significant figures (since 2019): true when
   * this count has no more than 3, so day-to-day differences of it are not real "subs" figures.
   */
  subscriberCountRounded: boolean;
  viewCount: number;
  videoCount: number;
}

function significantDigits(n: number): number {
  return n === 0 ? 1 : String(n).replace(/0+$/, '').length;
}

function snapshotOf(c: z.infer<typeof channelItemSchema>): ChannelSnapshot {
  const hidden = c.statistics.hiddenSubscriberCount;
  const subscribers = hidden ? null : (c.statistics.subscriberCount ?? null);
  return {
    channelId: c.id,
    title: c.snippet.title,
    customUrl: c.snippet.customUrl ?? null,
    country: c.snippet.country ?? null,
    publishedAt: c.snippet.publishedAt,
    thumbnails: thumbnailUrls(c.snippet.thumbnails),
    bannerUrl: c.brandingSettings?.image?.bannerExternalUrl ?? null,
    uploadsPlaylistId: c.contentDetails?.relatedPlaylists.uploads ?? null,
    subscriberCount: subscribers,
    subscriberCountHidden: hidden,
    subscriberCountRounded: subscribers !== null && significantDigits(subscribers) <= ROUNDED_SIGNIFICANT_DIGITS,
    viewCount: c.statistics.viewCount,
    videoCount: c.statistics.videoCount,
  };
}

/** One channel resource (a channels.list item, or channels.list with a single id) to a snapshot. */
export function toChannelSnapshot(item: unknown): ChannelSnapshot {
  return snapshotOf(parseApi(SOURCE, channelItemSchema, item));
}

/**
 * A channels.list page to snapshots (the caller stamps the day it fetched them).
 * @example toChannelSnapshots(await res.json()).map((s) => s.subscriberCount)
 */
export function toChannelSnapshots(response: unknown): ChannelSnapshot[] {
  return parseApi(SOURCE, channelListSchema, response).items.map(snapshotOf);
}
