// channel_basic / content_owner_basic rows -> sums per channel, country and video (claimed copies to UGC).
import type { BasicRow } from '../../parse';
import { ValueError } from '../../parse/report-error';
import { isYoutubeChannelId } from '../channel-keys';
import type { PlanContext } from '../plan';
import { checkField } from '../row-lines';
import type { DailyFacts } from './daily-plan';
import { DailySums, type DailySink } from './daily-sums';
import { FAMILY_COLUMNS } from './fact-tables';

/** The channel rows count for: the uploader's own, or (claimed third-party copy) the UGC channel. */
export const ownChannel = (row: { claimedCopy: boolean; channelId: string }): string | null => (row.claimedCopy ? null : row.channelId);

/** Throws at the first row whose channel would be created but is not a YouTube channel id. */
export function checkChannelIds<R extends { claimedCopy: boolean; channelId: string }>(
  fileName: string,
  report: { rows: readonly R[]; lineCount: number },
): void {
  checkField(
    fileName,
    report,
    ownChannel,
    isYoutubeChannelId,
    (id) => `column channel_id: ${JSON.stringify(id)} is not a YouTube channel id (UC followed by 22 characters)`,
  );
}

/** Maps a country code outside the countries table to ZZ (unknown), as the data model asks. */
export function countryMapper(known: ReadonlySet<string>): (code: string) => string {
  return (code) => (known.has(code) ? code : 'ZZ');
}

/** The channel id check of rows read one by one: a bad id is a ValueError, which the reader places at its line. */
export function channelIdCheck(): (row: { claimedCopy: boolean; channelId: string }) => void {
  const good = new Set<string>();
  return (row) => {
    const id = ownChannel(row);
    if (id === null || good.has(id)) return;
    if (!isYoutubeChannelId(id)) {
      throw new ValueError(`column channel_id: ${JSON.stringify(id)} is not a YouTube channel id (UC followed by 22 characters)`);
    }
    good.add(id);
  };
}

/** Adds one basic row to the sums, columns in FAMILY_COLUMNS.basic order. */
export function basicAdder(ctx: PlanContext): (sums: DailySink, row: BasicRow) => void {
  const country = countryMapper(ctx.countries);
  return (sums, row) =>
    sums.add(
      ownChannel(row),
      row.date,
      country(row.countryCode),
      row.videoId,
      [
        row.views,
        row.watchTimeMinutes,
        row.likes,
        row.dislikes,
        row.comments,
        row.shares,
        row.subscribersGained,
        row.subscribersLost,
        // A report from before engaged views (channel a2, content owner a3) counted views the earlier way.
        row.engagedViews ?? row.views,
      ],
      row.liveOrOnDemand === 'live',
    );
}

/** Sums for the basic family: width, country grain, and views for the title x country grain. */
export const basicSums = () => new DailySums('basic', FAMILY_COLUMNS.basic.length, true, FAMILY_COLUMNS.basic.indexOf('views'));

/**
 * Sums one basic report in memory, columns in FAMILY_COLUMNS.basic order; watch time stays
 * fractional until the grain row is written.
 */
export function aggregateBasic(ctx: PlanContext, report: { rows: readonly BasicRow[]; lineCount: number }): DailyFacts {
  checkChannelIds(ctx.fileName, report);
  const sums = basicSums();
  const add = basicAdder(ctx);
  for (const row of report.rows) add(sums, row);
  return sums.toFacts();
}
