// Registry of the report types we load: family, scope, required and optional columns, aliases.
import { BASIC_CHANNEL_DIMENSIONS, BASIC_METRICS, BASIC_OPTIONAL, CONTENT_OWNER_DIMENSIONS } from './families/basic';
import { CLAIMS_OPTIONAL, CLAIMS_REQUIRED } from './families/claims';
import { DEMOGRAPHICS_COLUMNS } from './families/demographics';
import { FINANCE_ALIASES, FINANCE_OPTIONAL, FINANCE_REQUIRED } from './families/finance';
import { PARTNER_REVENUE_OPTIONAL, PARTNER_REVENUE_REQUIRED } from './families/partner-revenue';
import { REACH_REQUIRED } from './families/reach';
import { TRAFFIC_SOURCE_DIMENSIONS, TRAFFIC_SOURCE_METRICS, TRAFFIC_SOURCE_OPTIONAL } from './families/traffic-source';
import { VIDEO_METADATA_OPTIONAL, VIDEO_METADATA_REQUIRED } from './families/video-metadata';

export type FamilyName =
  'basic' | 'demographics' | 'partner_revenue' | 'finance' | 'reach' | 'traffic_source' | 'video_metadata' | 'claims';

export interface ReportType {
  readonly id: string;
  readonly family: FamilyName;
  readonly scope: 'channel' | 'content_owner';
  /** Columns the file must have; also its header signature. */
  readonly required: readonly string[];
  /** Columns read when present. */
  readonly optional: readonly string[];
  /** Other layouts' names for our columns (Studio downloads: day -> date). */
  readonly aliases: Readonly<Record<string, string>>;
}

const CHANNEL = BASIC_CHANNEL_DIMENSIONS;
const OWNER = [...BASIC_CHANNEL_DIMENSIONS, ...CONTENT_OWNER_DIMENSIONS];
const type = <I extends string>(
  id: I,
  family: FamilyName,
  scope: ReportType['scope'],
  required: readonly string[],
  optional: readonly string[] = [],
  aliases: Readonly<Record<string, string>> = {},
) => ({ id, family, scope, required, optional, aliases }) satisfies ReportType;
/** Traffic source reports: the video key, then (content owners) claimed_status and uploader_type, then the viewer and source dimensions. */
const TRAFFIC_CHANNEL = ['date', 'channel_id', 'video_id', ...TRAFFIC_SOURCE_DIMENSIONS];
const TRAFFIC_OWNER = ['date', 'channel_id', 'video_id', ...CONTENT_OWNER_DIMENSIONS, ...TRAFFIC_SOURCE_DIMENSIONS];
const basicOptional = (...without: string[]) => BASIC_OPTIONAL.filter((c) => !without.includes(c));

/** Order matters only to break a tie between equally specific header matches: first wins. */
export const REPORT_TYPES = [
  type('channel_basic_a3', 'basic', 'channel', [...CHANNEL, ...BASIC_METRICS, 'engaged_views'], basicOptional('engaged_views')),
  type('channel_basic_a2', 'basic', 'channel', [...CHANNEL, ...BASIC_METRICS], BASIC_OPTIONAL),
  type('content_owner_basic_a4', 'basic', 'content_owner', [...OWNER, ...BASIC_METRICS, 'engaged_views'], basicOptional('engaged_views')),
  type('content_owner_basic_a3', 'basic', 'content_owner', [...OWNER, ...BASIC_METRICS], BASIC_OPTIONAL),
  type('channel_demographics_a1', 'demographics', 'channel', [...CHANNEL, ...DEMOGRAPHICS_COLUMNS]),
  type('content_owner_demographics_a1', 'demographics', 'content_owner', [...OWNER, ...DEMOGRAPHICS_COLUMNS]),
  type('content_owner_estimated_revenue_a1', 'partner_revenue', 'content_owner', PARTNER_REVENUE_REQUIRED, PARTNER_REVENUE_OPTIONAL),
  type('content_owner_ad_revenue_raw_a1', 'finance', 'content_owner', FINANCE_REQUIRED, FINANCE_OPTIONAL, FINANCE_ALIASES),
  type('channel_reach_basic_a1', 'reach', 'channel', REACH_REQUIRED),
  // Whether the content-owner reach file carries claimed_status/uploader_type is unconfirmed.
  type('content_owner_reach_basic_a1', 'reach', 'content_owner', REACH_REQUIRED, CONTENT_OWNER_DIMENSIONS),
  type(
    'channel_traffic_source_a3',
    'traffic_source',
    'channel',
    [...TRAFFIC_CHANNEL, ...TRAFFIC_SOURCE_METRICS, 'engaged_views'],
    TRAFFIC_SOURCE_OPTIONAL,
  ),
  type('channel_traffic_source_a2', 'traffic_source', 'channel', [...TRAFFIC_CHANNEL, ...TRAFFIC_SOURCE_METRICS], TRAFFIC_SOURCE_OPTIONAL),
  type(
    'content_owner_traffic_source_a3',
    'traffic_source',
    'content_owner',
    [...TRAFFIC_OWNER, ...TRAFFIC_SOURCE_METRICS, 'engaged_views'],
    TRAFFIC_SOURCE_OPTIONAL,
  ),
  type(
    'content_owner_traffic_source_a2',
    'traffic_source',
    'content_owner',
    [...TRAFFIC_OWNER, ...TRAFFIC_SOURCE_METRICS],
    TRAFFIC_SOURCE_OPTIONAL,
  ),
  type('content_owner_video_metadata_a4', 'video_metadata', 'content_owner', VIDEO_METADATA_REQUIRED, VIDEO_METADATA_OPTIONAL),
  type('content_owner_video_metadata_a3', 'video_metadata', 'content_owner', VIDEO_METADATA_REQUIRED, VIDEO_METADATA_OPTIONAL),
  type('content_owner_video_metadata_a2', 'video_metadata', 'content_owner', VIDEO_METADATA_REQUIRED, VIDEO_METADATA_OPTIONAL),
  type('content_owner_active_claims_a3', 'claims', 'content_owner', CLAIMS_REQUIRED, CLAIMS_OPTIONAL),
  type('content_owner_active_claims_a1', 'claims', 'content_owner', CLAIMS_REQUIRED, CLAIMS_OPTIONAL),
] as const;

export type ReportTypeId = (typeof REPORT_TYPES)[number]['id'];

const BY_ID = new Map<string, ReportType>(REPORT_TYPES.map((t) => [t.id, t]));

/** The registered type with this id, if we load it. */
export function getReportType(id: string): ReportType | undefined {
  return BY_ID.get(id);
}
