// The overlay's optional YouTube search (search.list type=channel): fills thumbnails, adds untracked channels.
import * as z from 'zod';
import { getSyncSettings, type SyncSettings } from '../../google/settings';
import { apiUrl, sendJson } from '../../google/http';
import { DATA_API_COSTS } from '../../google/data-api';
import { QuotaMeter } from '../../google/quota';
import { pacificDay } from '../../google/pacific-day';
import type { PublicContext } from '../context';
import type { OverlayChannel } from '../../../lib/search/types';
import { channelsByYoutubeIds } from './lookup';
import { log } from '../../log/log';

/** search.list answers fill at most this many rows. */
export const YOUTUBE_SEARCH_RESULTS = 10;
/** An interactive search waits this long for YouTube, then answers with our data alone. */
export const YOUTUBE_SEARCH_TIMEOUT_MS = 3_000;
/** The overlay's share of the day's Data API quota (search.list costs 100 units): 20 searches. */
export const OVERLAY_SEARCH_UNITS_PER_DAY = 2_000;
export const OVERLAY_SEARCH_JOB = 'overlay-search';

const searchListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.object({ channelId: z.string().optional() }),
        snippet: z.object({
          title: z.string(),
          thumbnails: z.record(z.string(), z.object({ url: z.string() })).optional(),
        }),
      }),
    )
    .default([]),
});

interface YoutubeChannel {
  channelId: string;
  title: string;
  thumbnail: string;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readSettings(ctx: PublicContext): SyncSettings | null {
  try {
    return getSyncSettings(ctx.env);
  } catch (error) {
    log.warn('search.youtube_settings', { message: `YouTube settings: ${errorText(error)}` });
    return null;
  }
}

/** YouTube's channels for the text, or null when there is no key, no quota or no answer. */
async function searchYoutube(ctx: PublicContext, text: string): Promise<YoutubeChannel[] | null> {
  const settings = readSettings(ctx);
  if (!settings?.apiKey) return null;
  try {
    const quota = new QuotaMeter(ctx.db, pacificDay(ctx.now.getTime()), settings.dailyUnitLimit);
    const url = apiUrl(settings.urls.data, 'search', {
      part: 'snippet',
      type: 'channel',
      maxResults: YOUTUBE_SEARCH_RESULTS,
      q: text,
      key: settings.apiKey,
    });
    // One attempt: a person is waiting, and a failed search still answers from our data.
    const body = await sendJson(
      'data search.list',
      searchListSchema,
      url,
      { headers: { Accept: 'application/json' } },
      {
        timeoutMs: YOUTUBE_SEARCH_TIMEOUT_MS,
        retry: { attempts: 1 },
        ...quota.perAttempt(OVERLAY_SEARCH_JOB, DATA_API_COSTS.search, OVERLAY_SEARCH_UNITS_PER_DAY),
      },
    );
    return body.items.flatMap(({ id, snippet }) =>
      id.channelId
        ? [
            {
              channelId: id.channelId,
              title: snippet.title,
              thumbnail: snippet.thumbnails?.default?.url ?? snippet.thumbnails?.medium?.url ?? '',
            },
          ]
        : [],
    );
  } catch (error) {
    // Quota spent, YouTube down or a changed answer: the overlay still answers from our data.
    log.warn('search.youtube_failed', { message: `YouTube search.list failed, answering from our data: ${errorText(error)}` });
    return null;
  }
}

/**
 * Our rows plus YouTube's: a tracked channel YouTube found keeps our figures and gets YouTube's
 * thumbnail when ours is empty; a channel we do not track is added with tracked: false.
 */
export async function withYoutube(ctx: PublicContext, text: string, own: OverlayChannel[]): Promise<OverlayChannel[]> {
  const found = await searchYoutube(ctx, text);
  if (!found || found.length === 0) return own;
  const rows = own.map((row) => ({ ...row }));
  const known = new Map(rows.map((row) => [row.channel_id, row]));
  const missing = found.map((f) => f.channelId).filter((id) => !known.has(id));
  for (const row of await channelsByYoutubeIds(ctx, missing)) known.set(row.channel_id, row);
  const extra: OverlayChannel[] = [];
  for (const item of found) {
    const row = known.get(item.channelId);
    if (row) {
      if (!row.thumbnail_url) row.thumbnail_url = item.thumbnail;
      if (!rows.includes(row)) rows.push(row);
    } else {
      extra.push({
        channel_id: item.channelId,
        channel_title: item.title,
        thumbnail_url: item.thumbnail,
        subscriber_count: null,
        monthly_views: null,
        tracked: false,
      });
    }
  }
  return [...rows, ...extra];
}
