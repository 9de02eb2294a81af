// The query string of GET /api/streams: an optional channels filter, bounded like the stats filters.
import * as z from 'zod';
import { channelKey, MAX_LIST_ITEMS } from '../../stats/schema';

/** `?channels=UC…&channels=UC…`: narrows the broadcasts to these of the user's channels. */
export const streamsQuerySchema = z.object({
  channels: z.array(channelKey).max(MAX_LIST_ITEMS, `at most ${MAX_LIST_ITEMS} items`).optional(),
});

/**
 * The request's query as the schema reads it: a repeated parameter becomes a list.
 * @example streamsQueryOf(new URL('http://x/api/streams?channels=UCa…').searchParams) // { channels: ['UCa…'] }
 */
export function streamsQueryOf(params: URLSearchParams): Record<string, unknown> {
  const channels = params.getAll('channels');
  return channels.length > 0 ? { channels } : {};
}
