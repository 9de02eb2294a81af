// Finalized revenue as the monthly content_owner_ad_revenue_raw_a1 statement: daily rows per channel and revenue
// part (ads, Shorts, each claimed owner's copies) plus adjustments.
import { apportion } from '../generate/apportion';
import { dayNumber, isoDate, monthStart } from '../generate/dates';
import type { FinanceRecord } from '../generate/records';
import { compactDay, CsvText, usd } from './csv';
import { compactMonth, type DemoFile } from './report-file';
import type { SliceVideo } from './partner-videos';

const HEADER = ['adjustment_type', 'date', 'country_code', 'video_id', 'channel_id', 'partner_revenue'];
const NO_ADJUSTMENT = 'None';
const ADJUSTMENT = 'Revenue Correction';
/** Adjustments correct an earlier month: they are dated mid-month, a month before the statement. */
const ADJUSTMENT_DAY_OF_MONTH = 15;

/** A part of a channel month's revenue and the video its rows are booked under on a day. */
export interface FinancePart {
  amount: number;
  video(day: string): SliceVideo;
}

/** What a statement needs to know about one channel. */
export interface FinanceChannel {
  /** The channel's estimated revenue per day ('YYYY-MM-DD'), to spread the month's revenue over its days. */
  dailyRevenue(day: string): number;
  /** The video and country its statement rows are booked under on a day (the adjustment's, and the country of all). */
  bookedUnder(day: string): { video: SliceVideo; countryCode: string };
  /**
   * The month's revenue in parts that add up to it, each booked under its own videos, so the importer finds
   * the kinds again: a short's rows are the Shorts part, a claimed copy's rows its owner's claims.
   */
  parts(record: FinanceRecord): FinancePart[];
}

function daysOf(month: string): string[] {
  const first = dayNumber(`${month}-01`);
  const next = monthStart(first, 1);
  return Array.from({ length: next - first }, (_, i) => isoDate(first + i));
}

/**
 * The statement of one month for every channel that has one: each part of the month's finalized revenue
 * over its days in proportion to the estimates (whole micro-USD, exact in sum), and any adjustment dated
 * in the month before (the importer books it in the statement's month, as YouTube does).
 */
export function financeStatement(
  owner: string,
  month: string,
  rows: ReadonlyArray<{ record: FinanceRecord; channel: FinanceChannel }>,
): DemoFile {
  const csv = new CsvText(HEADER);
  const days = daysOf(month);
  for (const { record, channel } of rows) {
    const weights = days.map((day) => Math.max(0, channel.dailyRevenue(day)));
    for (const part of channel.parts(record)) {
      const amounts = apportion(part.amount, weights);
      days.forEach((day, i) => {
        const amount = amounts[i] ?? 0;
        if (amount === 0) return;
        const video = part.video(day);
        csv.add([NO_ADJUSTMENT, compactDay(day), channel.bookedUnder(day).countryCode, video.videoId, video.channelId, usd(amount)]);
      });
    }
    if (record.adjustmentMicros !== 0) {
      const day = isoDate(monthStart(dayNumber(`${month}-01`), -1) + ADJUSTMENT_DAY_OF_MONTH - 1);
      const booked = channel.bookedUnder(days[0] as string);
      csv.add([
        ADJUSTMENT,
        compactDay(day),
        booked.countryCode,
        booked.video.videoId,
        booked.video.channelId,
        usd(record.adjustmentMicros),
      ]);
    }
  }
  return { path: `reports/finance/content_owner_ad_revenue_raw_a1_${owner}_${compactMonth(month)}.csv`, text: csv.text() };
}
