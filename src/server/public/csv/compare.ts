// /compare.csv?c=…: the figures /compare?c=… puts side by side, one row per channel in the order asked
// (the page's table turned, so a spreadsheet can sort it), with the page's 400 and 404 as text.
import type { ChannelInfo } from '../../../lib/api/public-channels';
import { compareHref, readComparedIds } from '../../../lib/public/compare';
import { REPORTED_LABEL } from '../../../lib/public/public-estimates';
import type { ExportColumn, ExportRow } from '../../export/table';
import { getComparison } from '../compare';
import type { PublicContext } from '../context';
import { csvRefusal, periodLine, publicCsv, watchHours } from './download';

const int = (key: string, header: string): ExportColumn => ({ key, header, type: 'integer' });
const pct = (key: string, header: string): ExportColumn => ({ key, header, type: 'percent' });
const text = (key: string, header: string): ExportColumn => ({ key, header, type: 'text' });

const COLUMNS: ExportColumn[] = [
  text('channel', 'Channel'),
  text('id', 'Channel id'),
  int('subscribers', 'Subscribers'),
  pct('subscribers_change', 'Subscribers change %'),
  int('views', 'Total views'),
  pct('views_change', 'Total views change %'),
  int('monthly_views', 'Monthly views'),
  pct('monthly_views_change', 'Monthly views change %'),
  int('monthly_subs', 'Monthly subs'),
  pct('monthly_subs_change', 'Monthly subs change %'),
  int('videos', 'Videos'),
  int('watch_hours', 'Watch time (hours)'),
  pct('watch_change', 'Watch time change %'),
  { key: 'revenue_low', header: 'Revenue low (USD)', type: 'money' },
  { key: 'revenue_high', header: 'Revenue high (USD)', type: 'money' },
  pct('revenue_change', 'Revenue change %'),
  text('source', 'Watch time and revenue'),
  int('rank', 'Rank'),
  text('category', 'Category'),
  text('network', 'Network'),
];

/** A channel's column of the page's table as a row: its figures of the last 30 days (or the 30 before). */
function channelRow(info: ChannelInfo): ExportRow {
  const f = info.info_now ?? info.info_last;
  const { changes } = info;
  return {
    channel: info.channel_title,
    id: info.channel_id,
    subscribers: f?.subscriber_count ?? 0,
    subscribers_change: changes.subscriber_count,
    views: f?.view_count ?? 0,
    views_change: changes.view_count,
    monthly_views: f?.monthly_views ?? 0,
    monthly_views_change: changes.monthly_views,
    monthly_subs: f?.monthly_subs ?? 0,
    monthly_subs_change: changes.monthly_subs,
    videos: f?.video_count ?? 0,
    watch_hours: watchHours(f?.watchtime ?? 0),
    watch_change: changes.watchtime,
    revenue_low: f?.earnings.low ?? null,
    revenue_high: f?.earnings.high ?? null,
    revenue_change: changes.earnings,
    source: f?.figures_source === 'network' ? REPORTED_LABEL : 'estimated',
    rank: info.top_positions.overall,
    category: f?.category_list[0]?.category_name ?? 'No category',
    network: f?.mcn_name ?? 'No network',
  };
}

/**
 * /compare.csv?c=UC…,UC…: the compared channels' figures; 400 for a value that is not a channel id or too
 * many channels, 404 naming the ids we do not track, as the page answers.
 * @example return compareCsv(publicContext(env), request, url, nowSeconds())
 */
export async function compareCsv(ctx: PublicContext, request: Request, url: URL, now: number): Promise<Response> {
  const asked = readComparedIds(url.searchParams);
  if (!asked.ok) return csvRefusal(400, asked.problem);
  const { channels, unknown } = await getComparison(ctx, asked.ids);
  if (unknown.length > 0) {
    const others = compareHref(channels.map((c) => c.info.channel_id)).replace('/compare', '/compare.csv');
    return csvRefusal(404, `We do not track ${unknown.join(', ')}. Compare the others: ${others}`);
  }
  return publicCsv(ctx, request, now, {
    title: 'Compared channels',
    filters: [periodLine('now'), { label: 'Channels', value: asked.ids.join(', ') }],
    columns: COLUMNS,
    rows: channels.map((c) => channelRow(c.info)),
    totals: null,
    fileName: `viewdeck-compare-${asked.ids.length}-channels`,
  });
}
