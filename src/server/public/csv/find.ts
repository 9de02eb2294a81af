// /find.csv: the batch of channel search results /find shows for the same URL (its filters and ?page=),
// read by the same function; a field the page leaves out (with its message) is left out here and named.
import { RANGE_KEYS, SEARCH_BATCH, type RangeKey, type SearchFilters } from '../../../lib/search/query';
import type { ExportColumn } from '../../export/table';
import type { PublicContext } from '../context';
import { getFilterLists } from '../page-filters';
import { searchChannels } from '../search/channels';
import { readFindUrl } from '../search/filters';
import { noteLines, publicCsv, watchHours } from './download';

const COLUMNS: ExportColumn[] = [
  { key: 'channel_title', header: 'Channel', type: 'text' },
  { key: 'channel_id', header: 'Channel id', type: 'text' },
  { key: 'monthly_views', header: 'Monthly views', type: 'integer' },
  { key: 'watch_hours', header: 'Watch time (hours, estimated)', type: 'integer' },
  { key: 'subscriber_count', header: 'Subscribers', type: 'integer' },
  { key: 'languages', header: 'Language', type: 'text' },
  { key: 'category', header: 'Category', type: 'text' },
  { key: 'country', header: 'Country', type: 'text' },
];

const RANGE_LABELS: Record<RangeKey, string> = {
  monthly_views: 'Monthly views',
  subscriber_count: 'Subscribers',
  avg_views: 'Average views per video',
};

/** The search as filter lines: what was searched and every bound that applies (0 is no bound). */
function searchLines(filters: SearchFilters) {
  const lines = [
    ...filters.keywords.map((value) => ({ label: 'Keyword', value })),
    ...(filters.categories.length > 0 ? [{ label: 'Categories', value: filters.categories.join(', ') }] : []),
    ...(filters.country ? [{ label: 'Country', value: filters.country }] : []),
    ...(filters.lang ? [{ label: 'Language', value: filters.lang }] : []),
  ];
  for (const key of RANGE_KEYS) {
    const { min, max } = filters.ranges[key];
    if (min > 0) lines.push({ label: `${RANGE_LABELS[key]} at least`, value: String(min) });
    if (max > 0) lines.push({ label: `${RANGE_LABELS[key]} at most`, value: String(max) });
  }
  return lines;
}

/**
 * /find.csv?…: the results /find?… shows. The page refuses no URL (a bad field falls back with its
 * message beside it), so neither does this: the fallbacks are named in the filter lines.
 * @example return findCsv(publicContext(env), request, url, nowSeconds())
 */
export async function findCsv(ctx: PublicContext, request: Request, url: URL, now: number): Promise<Response> {
  const lists = await getFilterLists(ctx);
  const read = readFindUrl(url.searchParams, lists);
  const found = await searchChannels(ctx, read.request);
  return publicCsv(ctx, request, now, {
    title: 'Channel search',
    filters: [
      ...searchLines(read.request.filters),
      { label: 'Page', value: `${read.page} (${SEARCH_BATCH} a page, ${found.count} found)` },
      ...noteLines([...Object.values(read.errors).filter((m): m is string => m !== undefined), ...read.notes]),
    ],
    columns: COLUMNS,
    rows: found.data.map((r) => ({
      channel_title: r.channel_title,
      channel_id: r.channel_id,
      monthly_views: r.monthly_views,
      watch_hours: watchHours(r.watchtime),
      subscriber_count: r.subscriber_count,
      languages: r.lang_list.map((l) => l.english_name).join(', '),
      category: r.category,
      country: r.country,
    })),
    totals: null,
    fileName: `viewdeck-channel-search-page-${read.page}`,
  });
}
