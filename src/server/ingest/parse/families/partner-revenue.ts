// content_owner_estimated_revenue_a1: estimated daily partner revenue, ad impressions and CPM.
import * as z from 'zod';
import * as s from '../schema-parts';
import * as v from '../values';
import { UPLOADER_TYPES } from '../vocabulary';
import type { Family } from './family';
import { dailyFamily, uploaderType } from './row-key';

export const PARTNER_REVENUE_REQUIRED = [
  'date',
  'channel_id',
  'video_id',
  'claimed_status',
  'uploader_type',
  'country_code',
  'estimated_partner_revenue',
] as const;
export const PARTNER_REVENUE_OPTIONAL = [
  'estimated_partner_ad_revenue',
  'estimated_partner_ad_auction_revenue',
  'estimated_partner_ad_reserved_revenue',
  'estimated_youtube_ad_revenue',
  'estimated_monetized_playbacks',
  'estimated_playback_based_cpm',
  'ad_impressions',
  'estimated_cpm',
  'estimated_partner_red_revenue',
  'estimated_partner_transaction_revenue',
] as const;

const optionalMicros = s.microsUsd.nullable();

/** Amounts in micro-USD (the Reporting API has no currency parameter; they are USD). */
export const partnerRevenueRowSchema = z.object({
  date: s.dayString,
  channelId: s.id,
  videoId: s.id.nullable(),
  claimedStatus: s.id,
  uploaderType: z.enum(UPLOADER_TYPES),
  /** Claim revenue from a third party's upload (UGC), not the partner's own video. */
  claimedCopy: z.boolean(),
  countryCode: s.countryCode,
  /** Net to the partner: ad + Premium (red) + transactions. */
  estimatedPartnerRevenueMicros: s.microsUsd,
  estimatedPartnerAdRevenueMicros: optionalMicros,
  estimatedPartnerAdAuctionRevenueMicros: optionalMicros,
  estimatedPartnerAdReservedRevenueMicros: optionalMicros,
  /** Gross, before YouTube's share. */
  estimatedYoutubeAdRevenueMicros: optionalMicros,
  estimatedMonetizedPlaybacks: s.count.nullable(),
  estimatedPlaybackBasedCpmMicros: optionalMicros,
  adImpressions: s.count.nullable(),
  estimatedCpmMicros: optionalMicros,
  estimatedPartnerRedRevenueMicros: optionalMicros,
  estimatedPartnerTransactionRevenueMicros: optionalMicros,
});
export type PartnerRevenueRow = z.infer<typeof partnerRevenueRowSchema>;

export const partnerRevenueFamily: Family<PartnerRevenueRow> = dailyFamily(
  partnerRevenueRowSchema,
  { schemaEveryRow: false },
  ({ key, req, opt }) => {
    // Required here, unlike in the basic reports: estimated revenue exists for content owners only.
    const claimedStatus = req('claimed_status', v.text);
    const uploaderTypeOf = req('uploader_type', uploaderType);
    const revenue = req('estimated_partner_revenue', v.micros);
    const ad = opt('estimated_partner_ad_revenue', v.micros);
    const auction = opt('estimated_partner_ad_auction_revenue', v.micros);
    const reserved = opt('estimated_partner_ad_reserved_revenue', v.micros);
    const gross = opt('estimated_youtube_ad_revenue', v.micros);
    const playbacks = opt('estimated_monetized_playbacks', v.count);
    const playbackCpm = opt('estimated_playback_based_cpm', v.micros);
    const impressions = opt('ad_impressions', v.count);
    const cpm = opt('estimated_cpm', v.micros);
    const red = opt('estimated_partner_red_revenue', v.micros);
    const transaction = opt('estimated_partner_transaction_revenue', v.micros);
    return (f) => {
      const uploader = uploaderTypeOf(f);
      return {
        date: key.date(f),
        channelId: key.channelId(f),
        videoId: key.videoId(f),
        claimedStatus: claimedStatus(f),
        uploaderType: uploader,
        claimedCopy: uploader === 'thirdParty',
        countryCode: key.countryCode(f),
        estimatedPartnerRevenueMicros: revenue(f),
        estimatedPartnerAdRevenueMicros: ad(f),
        estimatedPartnerAdAuctionRevenueMicros: auction(f),
        estimatedPartnerAdReservedRevenueMicros: reserved(f),
        estimatedYoutubeAdRevenueMicros: gross(f),
        estimatedMonetizedPlaybacks: playbacks(f),
        estimatedPlaybackBasedCpmMicros: playbackCpm(f),
        adImpressions: impressions(f),
        estimatedCpmMicros: cpm(f),
        estimatedPartnerRedRevenueMicros: red(f),
        estimatedPartnerTransactionRevenueMicros: transaction(f),
      };
    };
  },
);
