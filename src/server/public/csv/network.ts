// /network/{id}/channels.csv: the page of a network's channels that /network/{id} shows (same metric and
// page parameters, same rows), or the page's own 4xx as text.
import { rankingMetricLabel } from '../../../lib/public/ranking-metrics';
import type { PublicContext } from '../context';
import { CHANNEL_COLUMNS, channelCells } from '../rankings/csv';
import { getNetworkSummary, rankNetworkChannels, type NetworkSummary } from '../rankings/networks';
import { loadRankingPage, readNetworkPageQuery } from '../rankings/page-query';
import { csvRefusal, periodLine, publicCsv, refusalOf } from './download';

/**
 * The network's channels on the page the URL names; 404 for an unknown or non-public network, 400/404 for
 * a bad metric or a page past the last, as the page answers.
 * @example return networkChannelsCsv(publicContext(env), request, url, 'some-network', nowSeconds())
 */
export async function networkChannelsCsv(ctx: PublicContext, request: Request, url: URL, slug: string, now: number): Promise<Response> {
  let summary: NetworkSummary;
  try {
    summary = await getNetworkSummary(ctx, slug.toLowerCase());
  } catch (error) {
    return refusalOf(error);
  }
  const networkId = summary.network_id;
  const { page, rows, refusal } = await loadRankingPage(
    url,
    () => readNetworkPageQuery(url),
    (query) => rankNetworkChannels(ctx, networkId, query),
  );
  if (refusal || !page) return csvRefusal(refusal?.status ?? 400, refusal?.message ?? 'Bad ranking parameters.');
  const { metric } = page.query;
  return publicCsv(ctx, request, now, {
    title: `Channels of ${summary.mcn_name}`,
    filters: [
      { label: 'Network', value: summary.mcn_name },
      periodLine(page.query.period),
      { label: 'Ranked by', value: rankingMetricLabel(metric) },
      { label: 'Page', value: String(page.query.page) },
    ],
    columns: CHANNEL_COLUMNS,
    rows: rows.map(channelCells),
    totals: null,
    fileName: `viewdeck-network-${summary.network_mcn}-channels-${metric}-page-${page.query.page}`,
  });
}
