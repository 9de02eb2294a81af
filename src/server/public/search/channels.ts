// Channel search over the tracked channels' latest figures (period 'now'), sorted by monthly views.
import { ftsQuery } from '../../../lib/search/text';
import { allBatch, first } from '../../db/query';
import { type Fragment, join, raw, sql } from '../../db/sql';
import type { SearchFilters } from '../../../lib/search/query';
import type { SearchPage, SearchRow } from '../../../lib/search/types';
import type { PublicContext } from '../context';
import type { SearchRequest } from './filters';
import type { FormMaxValues } from '../../../lib/api/public-channels';

/** data: one batch; count: how many channels match in all (the client loads more while it holds fewer). */
export type SearchResult = SearchPage;

interface SearchWhere {
  /** `WHERE …`, or nothing when no filter applies. */
  where: Fragment;
  /** The conditions read channels (c), so the count must join it. */
  needsChannels: boolean;
}

/** Average views per video; a channel without videos averages 0. Not indexable: a row filter. */
const AVG_VIEWS = 'CASE WHEN n.video_count > 0 THEN n.view_count / n.video_count ELSE 0 END';
const RANGE_COLUMNS = { monthly_views: 'n.monthly_views', subscriber_count: 'n.subscriber_count', avg_views: AVG_VIEWS } as const;

/** The WHERE clause of a filter state; every value bound, column names only from RANGE_COLUMNS. */
export function searchWhere(filters: SearchFilters): SearchWhere {
  const conditions: Fragment[] = [];
  let needsChannels = false;
  for (const [key, column] of Object.entries(RANGE_COLUMNS) as [keyof typeof RANGE_COLUMNS, string][]) {
    const { min, max } = filters.ranges[key];
    if (min > 0) conditions.push(sql`${raw(column)} >= ${min}`);
    if (max > 0) conditions.push(sql`${raw(column)} <= ${max}`);
  }
  const match = ftsQuery(filters.keywords);
  // A keyword with no letters or digits matches nothing rather than everything.
  if (filters.keywords.length > 0 && match === null) conditions.push(raw('0'));
  if (match !== null) conditions.push(sql`n.channel_id IN (SELECT rowid FROM channel_titles_fts WHERE channel_titles_fts MATCH ${match})`);
  if (filters.categories.length > 0) {
    conditions.push(sql`c.category_id IN (SELECT value FROM json_each(${JSON.stringify(filters.categories)}))`);
    needsChannels = true;
  }
  if (filters.country) {
    conditions.push(sql`c.country_code = ${filters.country}`);
    needsChannels = true;
  }
  if (filters.lang) {
    conditions.push(sql`c.language_code = ${filters.lang}`);
    needsChannels = true;
  }
  const where = conditions.length > 0 ? sql`WHERE ${join(conditions, ' AND ')}` : raw('');
  return { where, needsChannels };
}

interface RawRow extends Omit<SearchRow, 'lang_list'> {
  language_code: string | null;
  english_name: string | null;
}

/**
 * One batch of matching channels and the total, in one round trip. The ORDER BY matches
 * channel_now_by_monthly_views (the rowid breaks ties), so a batch reads the index backwards
 * and stops after last + count rows.
 * @example const { data, count } = await searchChannels(ctx, parseSearchParams(params))
 */
export async function searchChannels({ db }: PublicContext, { filters, offset, count }: SearchRequest): Promise<SearchResult> {
  const { where, needsChannels } = searchWhere(filters);
  const rowsSql = sql`SELECT c.youtube_id AS channel_id, c.title AS channel_title, c.thumbnail_url,
      n.subscriber_count, n.monthly_views, n.watch_time_minutes AS watchtime,
      c.language_code, l.english_name, coalesce(cat.name, '') AS category, c.category_id AS yt_category,
      coalesce(c.country_code, '') AS country
    FROM channel_now AS n JOIN channels AS c ON c.id = n.channel_id
    LEFT JOIN languages AS l ON l.code = c.language_code
    LEFT JOIN categories AS cat ON cat.id = c.category_id
    ${where}
    ORDER BY n.monthly_views DESC, n.channel_id DESC
    LIMIT ${count} OFFSET ${offset}`;
  const countSql = sql`SELECT count(*) AS total FROM channel_now AS n
    ${raw(needsChannels ? 'JOIN channels AS c ON c.id = n.channel_id' : '')} ${where}`;
  const [rows, total] = await allBatch<[RawRow, { total: number }]>(db, [rowsSql, countSql], 'sql');
  const data = rows.map(({ language_code, english_name, ...row }) => ({
    ...row,
    lang_list: language_code ? [{ language_code, english_name: english_name ?? language_code }] : [],
  }));
  return { data, count: total[0]?.total ?? 0 };
}

/**
 * The sliders' bounds. Monthly views and subscribers come from their indexes; the average needs a
 * pass over channel_now (one row per tracked channel, no joins).
 */
export async function getFormMaxValues({ db }: PublicContext): Promise<FormMaxValues> {
  const row = await first<FormMaxValues>(
    db,
    raw(`SELECT
      (SELECT coalesce(max(monthly_views), 0) FROM channel_now) AS max_monthly_views,
      (SELECT coalesce(max(subscriber_count), 0) FROM channel_now) AS max_subscribers,
      (SELECT coalesce(min(subscriber_count), 0) FROM channel_now) AS min_subscribers,
      (SELECT coalesce(max(view_count / video_count), 0) FROM channel_now WHERE video_count > 0) AS max_avg_views`),
    'sql',
  );
  return row ?? { max_monthly_views: 0, max_subscribers: 0, min_subscribers: 0, max_avg_views: 0 };
}
