// A ranking page's rows as a CSV download (/channels.csv, /networks.csv): the same URL parameters, the
// same rows as the page they stand for (its filters, metric and page), through the product's CSV writer
// (formula text defused), and rate-limited per address, since anyone may ask.
import type { ChannelRankingRow, NetworkRankingRow } from '../../../lib/api/public-channels';
import { rankingMetricLabel } from '../../../lib/public/ranking-metrics';
import type { ExportColumn, ExportRow, ExportTable } from '../../export/table';
import type { PublicContext } from '../context';
import { csvRefusal, periodLine, publicCsv, watchHours } from '../csv/download';
import { getFilterLists } from '../page-filters';
import { getTopChannels } from './channels';
import { getTopNetworks } from './networks';
import { loadRankingPage, readChannelsPageQuery, readNetworksPageQuery } from './page-query';

const SHARED: ExportColumn[] = [
  { key: 'subscriber_count', header: 'Subscribers', type: 'integer' },
  { key: 'view_count', header: 'Total views', type: 'integer' },
  { key: 'monthly_views', header: 'Monthly views', type: 'integer' },
  { key: 'monthly_subs', header: 'Monthly subs', type: 'integer' },
  { key: 'watch_hours', header: 'Watch time (hours, estimated)', type: 'integer' },
  { key: 'earnings_low', header: 'Earnings low (USD, estimated)', type: 'money' },
  { key: 'earnings_high', header: 'Earnings high (USD, estimated)', type: 'money' },
  { key: 'subs_growth_pct', header: 'Subscriber growth %', type: 'percent' },
  { key: 'views_growth_pct', header: 'View growth %', type: 'percent' },
  { key: 'diff', header: 'Places moved', type: 'integer' },
];

const figures = (r: ChannelRankingRow | NetworkRankingRow) => ({
  subscriber_count: r.subscriber_count,
  view_count: r.view_count,
  monthly_views: r.monthly_views,
  monthly_subs: r.monthly_subs,
  watch_hours: watchHours(r.watchtime),
  earnings_low: r.revenue.low,
  earnings_high: r.revenue.high,
  subs_growth_pct: r.subs_growth_pct,
  views_growth_pct: r.views_growth_pct,
  diff: r.diff,
});

/** A ranked channel's columns: on /channels.csv and on a network's channels (/network/{id}/channels.csv). */
export const CHANNEL_COLUMNS: ExportColumn[] = [
  { key: 'num', header: 'Rank', type: 'integer' },
  { key: 'channel_title', header: 'Channel', type: 'text' },
  { key: 'channel_id', header: 'Channel id', type: 'text' },
  { key: 'country', header: 'Country', type: 'text' },
  { key: 'category', header: 'Category', type: 'text' },
  ...SHARED,
];

/** A ranked channel's cells, in CHANNEL_COLUMNS' keys. */
export const channelCells = (r: ChannelRankingRow): ExportRow => ({
  num: r.num,
  channel_title: r.channel_title,
  channel_id: r.channel_id,
  country: r.country_code2,
  category: r.category,
  ...figures(r),
});

const filterLines = (query: { period: string; lang?: string; country?: string; category?: number; metric: string; page: number }) => [
  periodLine(query.period),
  { label: 'Ranked by', value: rankingMetricLabel(query.metric) },
  { label: 'Page', value: String(query.page) },
  ...(query.country ? [{ label: 'Country', value: query.country }] : []),
  ...(query.lang ? [{ label: 'Language', value: query.lang }] : []),
  ...(query.category !== undefined ? [{ label: 'Category', value: String(query.category) }] : []),
];

/**
 * /channels.csv?…: the rows /channels?… shows, or the same 4xx the page gives (as text), or a 429.
 * @example return channelsCsv(publicContext(env), request, url, nowSeconds())
 */
export async function channelsCsv(ctx: PublicContext, request: Request, url: URL, now: number): Promise<Response> {
  const lists = await getFilterLists(ctx);
  const { page, rows, refusal } = await loadRankingPage(
    url,
    () => readChannelsPageQuery(url, lists),
    (query) => getTopChannels(ctx, query),
  );
  if (refusal || !page) return csvRefusal(refusal?.status ?? 400, refusal?.message ?? 'Bad ranking parameters.');
  const table: ExportTable = {
    title: 'Top channels',
    filters: filterLines(page.query),
    columns: CHANNEL_COLUMNS,
    rows: rows.map(channelCells),
    totals: null,
    fileName: `viewdeck-top-channels-${page.query.metric}-${page.query.period}-page-${page.query.page}`,
  };
  return publicCsv(ctx, request, now, table);
}

/**
 * /networks.csv?…: the rows /networks?… shows, or its 4xx as text, or a 429.
 * @example return networksCsv(publicContext(env), request, url, nowSeconds())
 */
export async function networksCsv(ctx: PublicContext, request: Request, url: URL, now: number): Promise<Response> {
  const lists = await getFilterLists(ctx);
  const { page, rows, refusal } = await loadRankingPage(
    url,
    () => readNetworksPageQuery(url, lists),
    (query) => getTopNetworks(ctx, query),
  );
  if (refusal || !page) return csvRefusal(refusal?.status ?? 400, refusal?.message ?? 'Bad ranking parameters.');
  const table: ExportTable = {
    title: 'Top networks',
    filters: filterLines(page.query),
    columns: [
      { key: 'num', header: 'Rank', type: 'integer' },
      { key: 'mcn_name', header: 'Network', type: 'text' },
      { key: 'network_mcn', header: 'Network id', type: 'text' },
      { key: 'channels_count', header: 'Channels', type: 'integer' },
      ...SHARED,
    ],
    rows: rows.map((r) => ({
      num: r.num,
      mcn_name: r.mcn_name,
      network_mcn: r.network_mcn,
      channels_count: r.channels_count,
      ...figures(r),
    })),
    totals: null,
    fileName: `viewdeck-top-networks-${page.query.metric}-${page.query.period}-page-${page.query.page}`,
  };
  return publicCsv(ctx, request, now, table);
}
