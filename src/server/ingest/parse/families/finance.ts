// content_owner_ad_revenue_raw_a1 (monthly, system-managed): finalized revenue, the earnings' finance part (docs/stats.md, "Earnings").
import * as z from 'zod';
import * as s from '../schema-parts';
import * as v from '../values';
import type { Family } from './family';
import { dailyFamily } from './row-key';

export const FINANCE_REQUIRED = ['adjustment_type', 'date', 'country_code', 'video_id', 'channel_id', 'partner_revenue'] as const;
export const FINANCE_OPTIONAL = [
  'video_title',
  'video_duration_sec',
  'category',
  'uploader',
  'channel_display_name',
  'content_type',
  'policy',
  'owned_views',
  'youtube_revenue_split_auction',
  'youtube_revenue_split_reserved',
  'youtube_revenue_split_partner_sold_youtube_served',
  'youtube_revenue_split_partner_sold_partner_served',
  'youtube_revenue_split',
  'partner_revenue_auction',
  'partner_revenue_reserved',
  'partner_revenue_partner_sold_youtube_served',
  'partner_revenue_partner_sold_partner_served',
] as const;
/** Studio's monthly "video_raw" download names the same columns Day and Country. */
export const FINANCE_ALIASES = { day: 'date', country: 'country_code' } as const;
/** Normal rows say "None"; adjustment rows (Backpay, Revenue Correction ...) may be for earlier months. */
const NO_ADJUSTMENT = 'None';

const optionalMicros = s.microsUsd.nullable();

export const financeRowSchema = z.object({
  /** null for a normal row, else e.g. 'Backpay', 'Spam Adjustment', 'Revenue Correction'. */
  adjustmentType: z.string().min(1).nullable(),
  date: s.dayString,
  countryCode: s.countryCode,
  videoId: s.id.nullable(),
  channelId: s.id.nullable(),
  videoTitle: z.string().nullable(),
  videoDurationSeconds: s.count.nullable(),
  category: z.string().nullable(),
  uploader: z.string().nullable(),
  channelTitle: z.string().nullable(),
  contentType: z.string().nullable(),
  policy: z.string().nullable(),
  ownedViews: s.count.nullable(),
  /** Finalized net revenue to the partner, micro-USD; negative on some adjustment rows. */
  partnerRevenueMicros: s.microsUsd,
  partnerRevenueAuctionMicros: optionalMicros,
  partnerRevenueReservedMicros: optionalMicros,
  partnerRevenuePartnerSoldYoutubeServedMicros: optionalMicros,
  partnerRevenuePartnerSoldPartnerServedMicros: optionalMicros,
  youtubeRevenueSplitMicros: optionalMicros,
});
export type FinanceRow = z.infer<typeof financeRowSchema>;

export const financeFamily: Family<FinanceRow> = dailyFamily(financeRowSchema, { schemaEveryRow: true }, ({ key, req, opt }) => {
  const adjustment = req('adjustment_type', v.text);
  // Adjustment rows need not name a channel.
  const channel = req('channel_id', v.optionalChannelId);
  const revenue = req('partner_revenue', v.micros);
  const readers = {
    videoTitle: opt('video_title', v.optionalText),
    duration: opt('video_duration_sec', v.count),
    category: opt('category', v.optionalText),
    uploader: opt('uploader', v.optionalText),
    channelTitle: opt('channel_display_name', v.optionalText),
    contentType: opt('content_type', v.optionalText),
    policy: opt('policy', v.optionalText),
    ownedViews: opt('owned_views', v.count),
    auction: opt('partner_revenue_auction', v.micros),
    reserved: opt('partner_revenue_reserved', v.micros),
    soldYoutube: opt('partner_revenue_partner_sold_youtube_served', v.micros),
    soldPartner: opt('partner_revenue_partner_sold_partner_served', v.micros),
    split: opt('youtube_revenue_split', v.micros),
  };
  return (f) => {
    const adjustmentType = adjustment(f);
    return {
      adjustmentType: adjustmentType === NO_ADJUSTMENT ? null : adjustmentType,
      date: key.date(f),
      countryCode: key.countryCode(f),
      videoId: key.videoId(f),
      channelId: channel(f),
      videoTitle: readers.videoTitle(f),
      videoDurationSeconds: readers.duration(f),
      category: readers.category(f),
      uploader: readers.uploader(f),
      channelTitle: readers.channelTitle(f),
      contentType: readers.contentType(f),
      policy: readers.policy(f),
      ownedViews: readers.ownedViews(f),
      partnerRevenueMicros: revenue(f),
      partnerRevenueAuctionMicros: readers.auction(f),
      partnerRevenueReservedMicros: readers.reserved(f),
      partnerRevenuePartnerSoldYoutubeServedMicros: readers.soldYoutube(f),
      partnerRevenuePartnerSoldPartnerServedMicros: readers.soldPartner(f),
      youtubeRevenueSplitMicros: readers.split(f),
    };
  };
});
