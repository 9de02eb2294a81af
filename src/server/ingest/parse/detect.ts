// Which report a file is: the id in its file name wins; otherwise the header's signature decides.
import { normalizeColumnName } from './columns';
import { ReportError } from './report-error';
import { REPORT_TYPES, type ReportType } from './report-types';

/**
 * Dimension columns of all Reporting API reports. A file with a dimension its type does not
 * have is another report (another grain): loading it as this type would double count.
 */
const KNOWN_DIMENSIONS = [
  'date',
  'channel_id',
  'video_id',
  'claimed_status',
  'uploader_type',
  'live_or_on_demand',
  'subscribed_status',
  'country_code',
  'province_code',
  'playback_location_type',
  'playback_location_detail',
  'traffic_source_type',
  'traffic_source_detail',
  'device_type',
  'operating_system',
  'subtitle_language',
  'subtitle_language_autotranslated',
  'sharing_service',
  'age_group',
  'gender',
  'playlist_id',
  'asset_id',
  'ad_type',
  'annotation_type',
  'annotation_id',
  'card_type',
  'card_id',
  'end_screen_element_type',
  'end_screen_element_id',
  'claim_id',
] as const;
// Any Reporting API id, to tell "a report we do not load" from "no id in the name".
const ANY_REPORT_ID = /(?:^|[^a-z0-9])([a-z_]*(?:channel|content_owner|playlist)_[a-z0-9_]*?_a\d+)(?=[^a-z0-9]|$)/;
// Studio's monthly downloads: YouTube_<owner>_M_20230601_video_raw_v1-1.csv (ADJ_ = adjustments).
const STUDIO_VIDEO_RAW = /(?:^|[^a-z0-9])(?:adj_)?video_raw(?=[^a-z0-9]|$)/;
const STUDIO_VIDEO_RAW_TYPE = 'content_owner_ad_revenue_raw_a1';
const MAX_COLUMNS_IN_MESSAGE = 12;

export interface Detection {
  readonly type: ReportType;
  readonly by: 'file name' | 'header';
}

const BY_LENGTH = [...REPORT_TYPES].sort((a, b) => b.id.length - a.id.length);

function hasToken(name: string, token: string): boolean {
  for (let at = name.indexOf(token); at >= 0; at = name.indexOf(token, at + 1)) {
    const before = at === 0 ? '' : name.charAt(at - 1);
    const after = name.charAt(at + token.length);
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
  }
  return false;
}

function typeFromFileName(fileName: string): ReportType | 'unsupported' | undefined {
  const name = fileName.toLowerCase().split(/[\\/]/).pop() ?? '';
  const known = BY_LENGTH.find((t) => hasToken(name, t.id));
  if (known) return known;
  if (ANY_REPORT_ID.test(name)) return 'unsupported';
  if (STUDIO_VIDEO_RAW.test(name)) return REPORT_TYPES.find((t) => t.id === STUDIO_VIDEO_RAW_TYPE);
  return undefined;
}

/** Names as the type sees them: its aliases applied. */
function asSeenBy(type: ReportType, columns: readonly string[]): Set<string> {
  return new Set(columns.map((c) => (Object.hasOwn(type.aliases, c) ? (type.aliases[c] ?? c) : c)));
}

/** A dimension in the header that this report type does not have, if any. */
export function foreignDimension(type: ReportType, columns: readonly string[]): string | undefined {
  const own = new Set([...type.required, ...type.optional]);
  const seen = asSeenBy(type, columns);
  return KNOWN_DIMENSIONS.find((d) => seen.has(d) && !own.has(d));
}

function matchesHeader(type: ReportType, columns: readonly string[]): boolean {
  const seen = asSeenBy(type, columns);
  return type.required.every((c) => seen.has(c)) && foreignDimension(type, columns) === undefined;
}

function describeHeader(columns: readonly string[]): string {
  const shown = columns.slice(0, MAX_COLUMNS_IN_MESSAGE).join(', ');
  return columns.length > MAX_COLUMNS_IN_MESSAGE ? `${shown}, … (${columns.length} columns)` : shown;
}

/**
 * Recognises a report. A known id in the file name wins ('channel_basic_a3_20260301.csv');
 * else the most specific type whose required columns the header has.
 * @example detectReportType('report.csv', ['date', 'channel_id', ...]).type.id
 */
export function detectReportType(fileName: string, headerColumns: readonly string[], headerLine = 1): Detection {
  const columns = headerColumns.map(normalizeColumnName);
  const byName = typeFromFileName(fileName);
  if (byName === 'unsupported') {
    const id = ANY_REPORT_ID.exec(fileName.toLowerCase())?.[1] ?? '';
    throw new ReportError(fileName, null, `report type ${id} (from the file name) is not one we load`);
  }
  if (byName) return { type: byName, by: 'file name' };
  const matches = REPORT_TYPES.filter((t) => matchesHeader(t, columns));
  // Most required columns = most specific (channel_basic_a3 over a2); ties keep registry order.
  const best = matches.reduce<ReportType | undefined>(
    (top, t) => (top === undefined || t.required.length > top.required.length ? t : top),
    undefined,
  );
  if (best) return { type: best, by: 'header' };
  throw new ReportError(
    fileName,
    headerLine,
    `unknown report type: no report id in the file name and no known header; columns seen: ${describeHeader(columns)}`,
  );
}
