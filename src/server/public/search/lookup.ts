// The overlay's searches and the keyword suggestions: channel titles and trending video titles via FTS5.
import { raw } from '../../db/sql';
import { all } from '../../db/query';
import * as z from 'zod';
import {
  CHANNEL_ID_PATTERN,
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
  foldText,
  ftsQuery,
  reduceSearchInput,
  searchTokens,
} from '../../../lib/search/text';
import type { OverlayChannel, TrendSearchRow } from '../../../lib/search/types';
import { parseParams } from '../params';
import type { PublicContext } from '../context';

/** Overlay tables and suggestion lists stay short: a person reads them at a glance. */
export const USER_SEARCH_LIMIT = 10;
export const TREND_SEARCH_LIMIT = 20;
export const SUGGESTION_LIMIT = 10;
/** Titles read to pick suggestion words from (the most viewed matches). */
const SUGGESTION_TITLES = 200;

export const searchTextSchema = z
  .string()
  .trim()
  .min(SEARCH_MIN_CHARS, `must be ${SEARCH_MIN_CHARS} to ${SEARCH_MAX_CHARS} characters`)
  .max(SEARCH_MAX_CHARS, `must be ${SEARCH_MIN_CHARS} to ${SEARCH_MAX_CHARS} characters`);
export const strSchema = z.object({ str: searchTextSchema });
export const userSearchSchema = z.object({ str: searchTextSchema, mode: z.enum(['channels', 'videos']).default('channels') });

const CHANNEL_COLUMNS = `c.youtube_id AS channel_id, c.title AS channel_title, c.thumbnail_url,
  n.subscriber_count, n.monthly_views, 1 AS tracked`;

function toOverlay(row: Omit<OverlayChannel, 'tracked'> & { tracked: number | boolean }): OverlayChannel {
  return { ...row, tracked: Boolean(row.tracked) };
}

/**
 * Our channels for the overlay's text: a channel id exactly, else titles matching every word
 * (an '@handle' is searched as its words), most subscribed first.
 */
export async function findOwnChannels({ db }: PublicContext, text: string): Promise<OverlayChannel[]> {
  const query = reduceSearchInput(text);
  if (CHANNEL_ID_PATTERN.test(query)) {
    const results = await all<OverlayChannel>(
      db,
      raw(
        `SELECT ${CHANNEL_COLUMNS} FROM channels AS c
      LEFT JOIN channel_now AS n ON n.channel_id = c.id WHERE c.youtube_id = ?1`,
        query,
      ),
      'sql',
    );
    return results.map(toOverlay);
  }
  const match = ftsQuery([query.replace(/^@/, '')]);
  if (match === null) return [];
  const results = await all<OverlayChannel>(
    db,
    raw(
      `SELECT ${CHANNEL_COLUMNS} FROM channels AS c
      LEFT JOIN channel_now AS n ON n.channel_id = c.id
    WHERE c.id IN (SELECT rowid FROM channel_titles_fts WHERE channel_titles_fts MATCH ?1) AND c.youtube_id IS NOT NULL
    ORDER BY n.subscriber_count DESC, c.id LIMIT ?2`,
      match,
      USER_SEARCH_LIMIT,
    ),
    'sql',
  );
  return results.map(toOverlay);
}

/** Our channels with these YouTube ids (to merge YouTube's answer with our figures). */
export async function channelsByYoutubeIds({ db }: PublicContext, ids: string[]): Promise<OverlayChannel[]> {
  if (ids.length === 0) return [];
  const results = await all<OverlayChannel>(
    db,
    raw(
      `SELECT ${CHANNEL_COLUMNS} FROM channels AS c
      LEFT JOIN channel_now AS n ON n.channel_id = c.id
    WHERE c.youtube_id IN (SELECT value FROM json_each(?1))`,
      JSON.stringify(ids),
    ),
    'sql',
  );
  return results.map(toOverlay);
}

/**
 * Trending videos whose title has every word of the text (the last may be unfinished), or whose id
 * is the text; most viewed first.
 * @example await searchTrendVideos(ctx, 'funny cats')
 */
export async function searchTrendVideos({ db }: PublicContext, text: string): Promise<TrendSearchRow[]> {
  const query = text.trim();
  const match = ftsQuery([query]) ?? '""';
  const results = await all<TrendSearchRow>(
    db,
    raw(
      `SELECT v.video_id, v.video_title, c.youtube_id AS channel_id, c.title AS channel_title,
      v.thumbnail_url, v.view_count AS views
    FROM trend_videos AS v JOIN channels AS c ON c.id = v.channel_id
    WHERE v.video_id IN (
      SELECT k.video_id FROM trend_video_titles_fts AS f JOIN trend_video_search_keys AS k ON k.id = f.rowid
      WHERE trend_video_titles_fts MATCH ?1
      UNION SELECT ?2)
    ORDER BY v.view_count DESC, v.video_id LIMIT ?3`,
      match,
      query,
      TREND_SEARCH_LIMIT,
    ),
    'sql',
  );
  return results;
}

/**
 * Keyword suggestions for /find: words of matching channel titles that start with the text's last
 * word (a one-word text), then whole titles that start with the text; the most viewed channels' first.
 */
export async function suggestKeywords({ db }: PublicContext, text: string): Promise<string[]> {
  const match = ftsQuery([text]);
  if (match === null) return [];
  const results = await all<{ title: string }>(
    db,
    raw(
      `SELECT c.title FROM channels AS c JOIN channel_now AS n ON n.channel_id = c.id
    WHERE c.id IN (SELECT rowid FROM channel_titles_fts WHERE channel_titles_fts MATCH ?1)
    ORDER BY n.monthly_views DESC LIMIT ?2`,
      match,
      SUGGESTION_TITLES,
    ),
    'sql',
  );
  const typed = searchTokens(foldText(text));
  const out = new Map<string, string>();
  const add = (value: string) => {
    const key = foldText(value);
    if (!out.has(key) && out.size < SUGGESTION_LIMIT) out.set(key, value);
  };
  if (typed.length === 1) {
    const prefix = typed[0] ?? '';
    for (const { title } of results) {
      for (const word of title.match(/[\p{L}\p{N}]+/gu) ?? []) if (foldText(word).startsWith(prefix)) add(word);
    }
  }
  const folded = foldText(text.trim());
  for (const { title } of results) if (foldText(title).startsWith(folded)) add(title);
  return [...out.values()];
}

/** Parses {str} for the suggestion and trend search paths. */
export const readStr = (params: URLSearchParams) => parseParams(strSchema, params).str;
