// /trends.csv: the page of a country's hourly chart that /trends shows for the same URL (country, day and
// time or hour, page), read by the page's own loader. The page refuses no URL (a bad value falls back
// with a note), so neither does this; the note is a filter line.
import { formatTrendHour, TREND_ZONE_LABEL, trendHourParts, trendTimeText } from '../../../lib/trends/hour';
import type { ExportColumn } from '../../export/table';
import type { PublicContext } from '../context';
import { loadTrendsChart } from '../trends-page';
import { noteLines, publicCsv } from './download';

const COLUMNS: ExportColumn[] = [
  { key: 'position', header: 'Position', type: 'integer' },
  { key: 'last_position', header: 'Position an hour before', type: 'integer' },
  { key: 'best_position', header: 'Best position', type: 'integer' },
  { key: 'video_title', header: 'Video', type: 'text' },
  { key: 'video_id', header: 'Video id', type: 'text' },
  { key: 'channel_title', header: 'Channel', type: 'text' },
  { key: 'channel_id', header: 'Channel id', type: 'text' },
  { key: 'views', header: 'Views at the hour', type: 'integer' },
  { key: 'published', header: `Published (${TREND_ZONE_LABEL})`, type: 'text' },
];

/**
 * /trends.csv?…: the videos /trends?… lists (an empty table when the country has no chart).
 * @example return trendsCsv(publicContext(env), request, url, nowSeconds())
 */
export async function trendsCsv(ctx: PublicContext, request: Request, url: URL, now: number): Promise<Response> {
  const { query, country, note, items } = await loadTrendsChart(ctx, url.searchParams);
  const hour = items.hour ?? query.hour;
  const { day, time } = trendHourParts(hour);
  return publicCsv(ctx, request, now, {
    title: `Trends in ${country}`,
    filters: [
      { label: 'Country', value: country },
      { label: `Chart hour (${TREND_ZONE_LABEL})`, value: items.hour === null ? 'No chart' : formatTrendHour(items.hour) },
      { label: 'Page', value: `${query.page} (${items.count} videos on the chart)` },
      ...noteLines(note ? [note] : []),
    ],
    columns: COLUMNS,
    rows: items.data.map((v) => ({
      position: v.position,
      last_position: v.last_position,
      best_position: v.best_position,
      video_title: v.video_title,
      video_id: v.video_id,
      channel_title: v.channel_title,
      channel_id: v.channel_id,
      views: v.views,
      published: trendTimeText(v.add_time),
    })),
    totals: null,
    fileName: `viewdeck-trends-${country}-${day}-${String(time).padStart(2, '0')}h-page-${query.page}`,
  });
}
