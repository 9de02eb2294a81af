// playlistItems.list on a channel's uploads playlist -> its newest video ids (their counts come from videos.list, toVideoRecords).
import * as z from 'zod';
import { listResponse, parseApi } from './common';

const SOURCE = 'playlistItems.list';

/** With part=contentDetails an item names its video; snippet (title, position…) costs the same but is not needed. */
export const playlistItemSchema = z.object({
  kind: z.literal('youtube#playlistItem'),
  id: z.string().min(1),
  contentDetails: z.object({
    videoId: z.string().min(1),
    /** Absent for a video that is private or deleted (it stays in the playlist). */
    videoPublishedAt: z.string().optional(),
  }),
});
export const playlistItemListSchema = listResponse('youtube#playlistItemListResponse', playlistItemSchema);

/**
 * A playlistItems.list page of an uploads playlist to its video ids, newest first as YouTube lists
 * them, without repeats.
 * @example toUploadIds(await data.list('uploads', 'playlistItems', { playlistId, part: 'contentDetails' }))
 */
export function toUploadIds(response: unknown): string[] {
  const page = parseApi(SOURCE, playlistItemListSchema, response);
  return [...new Set(page.items.map((item) => item.contentDetails.videoId))];
}

/** The uploads playlist of a channel when channels.list did not name it: 'UU' + the id after 'UC'. */
export function derivedUploadsPlaylistId(channelId: string): string {
  return `UU${channelId.slice(2)}`;
}
