// Family name -> its record type and row reader.
import type { FamilyName } from '../report-types';
import { basicFamily, type BasicRow } from './basic';
import { claimsFamily, type ClaimRow } from './claims';
import { demographicsFamily, type DemographicsRow } from './demographics';
import type { Family } from './family';
import { financeFamily, type FinanceRow } from './finance';
import { partnerRevenueFamily, type PartnerRevenueRow } from './partner-revenue';
import { reachFamily, type ReachRow } from './reach';
import { trafficSourceFamily, type TrafficSourceRow } from './traffic-source';
import { videoMetadataFamily, type VideoMetadataRow } from './video-metadata';

export interface RecordsByFamily {
  basic: BasicRow;
  demographics: DemographicsRow;
  partner_revenue: PartnerRevenueRow;
  finance: FinanceRow;
  reach: ReachRow;
  traffic_source: TrafficSourceRow;
  video_metadata: VideoMetadataRow;
  claims: ClaimRow;
}

export const FAMILIES: { readonly [F in FamilyName]: Family<RecordsByFamily[F]> } = {
  basic: basicFamily,
  demographics: demographicsFamily,
  partner_revenue: partnerRevenueFamily,
  finance: financeFamily,
  reach: reachFamily,
  traffic_source: trafficSourceFamily,
  video_metadata: videoMetadataFamily,
  claims: claimsFamily,
};

export type { BasicRow, ClaimRow, DemographicsRow, FinanceRow, PartnerRevenueRow, ReachRow, TrafficSourceRow, VideoMetadataRow };
