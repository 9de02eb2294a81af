// The ingest parsing layer: YouTube's files and API responses to typed, validated records.
export { parseReport, parseReportText, type ParsedReport, type ParseOptions } from './csv-report';
export { detectReportType, type Detection } from './detect';
export { decodeReportBytes } from './decode';
export { REPORT_TYPES, getReportType, type FamilyName, type ReportType } from './report-types';
export { ReportError, ApiResponseError } from './report-error';
export type {
  BasicRow,
  ClaimRow,
  DemographicsRow,
  FinanceRow,
  PartnerRevenueRow,
  ReachRow,
  TrafficSourceRow,
  VideoMetadataRow,
} from './families';
export {
  demographicsKey,
  demographicsKeyWithinDay,
  rollUpDemographics,
  viewsByDemographicsKey,
  type DemographicsCell,
  type DemographicsRollup,
} from './demographics-rollup';
export { toAnalyticsDailyRows, toAnalyticsDemographics, type AnalyticsDailyRow } from './analytics-api';
export { toChannelSnapshot, toChannelSnapshots, type ChannelSnapshot } from './data-api/channels';
export { toTrendPositions, toVideoRecord, toVideoRecords, type TrendPosition, type VideoRecord } from './data-api/videos';
export { derivedUploadsPlaylistId, toUploadIds } from './data-api/uploads';
export { toLanguages, toRegions, toVideoCategories, type VideoCategory } from './data-api/reference';
export { liveVideoIds, toLiveBroadcasts, toSearchResults, type LiveBroadcast } from './data-api/live';
export { AGE_GROUPS, GENDERS, type AgeGroup, type Gender } from './vocabulary';
