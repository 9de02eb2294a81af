// channel/content_owner reach rows -> thumbnail impressions and the clicks behind their CTR.
import type { ReachRow } from '../../parse';
import type { PlanContext } from '../plan';
import { checkChannelIds, ownChannel } from './basic';
import { FAMILY_COLUMNS } from './fact-tables';
import { DailySums } from './daily-sums';
import type { DailyFacts } from './daily-plan';

const PERCENT = 100;

/**
 * Clicks of a row: impressions x CTR, whole (YouTube derives the CTR from whole clicks). A file
 * whose CTRs go above 1 prints percentages; otherwise they are ratios (0.0414 = 4.14 %).
 */
export function clicksOf(impressions: number, ctr: number, percent: boolean): number {
  return Math.round((impressions * ctr) / (percent ? PERCENT : 1));
}

/** Sums one reach report per channel and video (reach has no country dimension). */
export function aggregateReach(ctx: PlanContext, report: { rows: readonly ReachRow[]; lineCount: number }): DailyFacts {
  checkChannelIds(ctx.fileName, report);
  const percent = report.rows.some((r) => r.thumbnailImpressionsCtr > 1);
  const sums = new DailySums('reach', FAMILY_COLUMNS.reach.length, false);
  for (const row of report.rows) {
    const clicks = clicksOf(row.thumbnailImpressions, row.thumbnailImpressionsCtr, percent);
    sums.add(ownChannel(row), row.date, null, row.videoId, [row.thumbnailImpressions, clicks]);
  }
  return sums.toFacts();
}
