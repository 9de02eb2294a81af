// content_owner_estimated_revenue rows -> partner revenue, ad impressions, playbacks and gross ad revenue sums.
import type { PartnerRevenueRow } from '../../parse';
import type { PlanContext } from '../plan';
import { checkChannelIds, countryMapper, ownChannel } from './basic';
import { FAMILY_COLUMNS } from './fact-tables';
import { DailySums, type DailySink } from './daily-sums';
import type { DailyFacts } from './daily-plan';

const CPM_IMPRESSIONS = 1000;

/**
 * Gross ad revenue of a row (the CPM basis): estimated_youtube_ad_revenue, or, when only the CPM is
 * given, CPM x impressions / 1000, so CPM over any range is sum(gross) x 1000 / sum(impressions).
 */
function grossMicros(row: PartnerRevenueRow): number {
  if (row.estimatedYoutubeAdRevenueMicros !== null) return row.estimatedYoutubeAdRevenueMicros;
  if (row.estimatedCpmMicros === null || row.adImpressions === null) return 0;
  return Math.round((row.estimatedCpmMicros * row.adImpressions) / CPM_IMPRESSIONS);
}

/** Adds one estimated revenue row to the sums, columns in FAMILY_COLUMNS.partner_revenue order. */
export function partnerRevenueAdder(ctx: PlanContext): (sums: DailySink, row: PartnerRevenueRow) => void {
  const country = countryMapper(ctx.countries);
  return (sums, row) =>
    sums.add(ownChannel(row), row.date, country(row.countryCode), row.videoId, [
      row.estimatedPartnerRevenueMicros,
      row.adImpressions ?? 0,
      row.estimatedMonetizedPlaybacks ?? 0,
      grossMicros(row),
    ]);
}

export const partnerRevenueSums = () => new DailySums('partner_revenue', FAMILY_COLUMNS.partner_revenue.length, true);

/** Sums one estimated revenue report in memory, columns in FAMILY_COLUMNS.partner_revenue order. */
export function aggregatePartnerRevenue(ctx: PlanContext, report: { rows: readonly PartnerRevenueRow[]; lineCount: number }): DailyFacts {
  checkChannelIds(ctx.fileName, report);
  const sums = partnerRevenueSums();
  const add = partnerRevenueAdder(ctx);
  for (const row of report.rows) add(sums, row);
  return sums.toFacts();
}
