// Report type recognition: file name first, then the header's signature.
import { expect, it } from 'vitest';
import { detectReportType } from './detect';
import { BASIC_CHANNEL_DIMENSIONS } from './families/basic';
import { DEMOGRAPHICS_COLUMNS } from './families/demographics';
import { CHANNEL_BASIC_A3_HEADER } from './test-support/synthetic';

const A3 = CHANNEL_BASIC_A3_HEADER.split(',');
const A2 = A3.filter((c) => c !== 'engaged_views');
const OWNER = (cols: string[]) => [...cols.slice(0, 3), 'claimed_status', 'uploader_type', ...cols.slice(3)];
const DEMOGRAPHICS = [...BASIC_CHANNEL_DIMENSIONS, ...DEMOGRAPHICS_COLUMNS];
const REVENUE = 'date,channel_id,video_id,claimed_status,uploader_type,country_code,estimated_partner_revenue,ad_impressions'.split(',');
const TRAFFIC =
  'date,channel_id,video_id,live_or_on_demand,subscribed_status,country_code,traffic_source_type,traffic_source_detail,views,engaged_views,watch_time_minutes'.split(
    ',',
  );
/** A report we do not load: playback locations (section 3.5 of the formats reference). */
const PLAYBACK = TRAFFIC.map((c) => c.replace('traffic_source', 'playback_location'));
const id = (name: string, header: string[]) => detectReportType(name, header).type.id;

it.each([
  [A3, 'channel_basic_a3'],
  [A2, 'channel_basic_a2'],
  [[...A3].reverse(), 'channel_basic_a3'],
  [OWNER(A3), 'content_owner_basic_a4'],
  [OWNER(A2), 'content_owner_basic_a3'],
  [DEMOGRAPHICS, 'channel_demographics_a1'],
  [OWNER(DEMOGRAPHICS), 'content_owner_demographics_a1'],
  [REVENUE, 'content_owner_estimated_revenue_a1'],
  [TRAFFIC, 'channel_traffic_source_a3'],
  [TRAFFIC.filter((c) => c !== 'engaged_views'), 'channel_traffic_source_a2'],
  [OWNER(TRAFFIC), 'content_owner_traffic_source_a3'],
  [['date', 'channel_id', 'video_id', 'video_thumbnail_impressions', 'video_thumbnail_impressions_ctr'], 'channel_reach_basic_a1'],
  [
    ['date', 'channel_id', 'video_id', 'claimed_status', 'uploader_type', 'video_thumbnail_impressions', 'video_thumbnail_impressions_ctr'],
    'content_owner_reach_basic_a1',
  ],
  [['Adjustment Type', 'Day', 'Country', 'Video ID', 'Channel ID', 'Partner Revenue'], 'content_owner_ad_revenue_raw_a1'],
])('by header: %j -> %s', (header, expected) => {
  const detection = detectReportType('download.csv', header);
  expect(detection).toEqual({ type: expect.objectContaining({ id: expected }), by: 'header' });
});

it('by file name, which wins over the header', () => {
  expect(detectReportType('channel_basic_a3_20260301.csv', A2)).toEqual({
    type: expect.objectContaining({ id: 'channel_basic_a3' }),
    by: 'file name',
  });
  expect(id('content_owner_basic_a3_20260301.csv.gz', OWNER(A3))).toBe('content_owner_basic_a3');
  expect(id('/tmp/reports/CONTENT_OWNER_DEMOGRAPHICS_A1-2026-03-01.csv', [])).toBe('content_owner_demographics_a1');
  expect(id('YouTube_Brand_M_20260201_video_raw_v1-1.csv.gz', [])).toBe('content_owner_ad_revenue_raw_a1');
  expect(id('YouTube_Brand_M_20260201_ADJ_video_raw_v1-1.csv', [])).toBe('content_owner_ad_revenue_raw_a1');
  expect(id('content_owner_active_claims_a3_20260301.csv', [])).toBe('content_owner_active_claims_a3');
});

it('names what it saw when it cannot tell', () => {
  expect(() => detectReportType('channel_playback_location_a3_20261001.csv', PLAYBACK)).toThrow(
    'channel_playback_location_a3_20261001.csv: report type channel_playback_location_a3 (from the file name) is not one we load',
  );
  // Without an id, the playback-location dimensions keep it from passing as channel_basic.
  expect(() =>
    detectReportType('report.csv', [...PLAYBACK, 'comments', 'likes', 'dislikes', 'shares', 'subscribers_gained', 'subscribers_lost']),
  ).toThrow(
    /^report\.csv:1: unknown report type: no report id in the file name and no known header; columns seen: date, channel_id, video_id/,
  );
  expect(() => detectReportType('YouTube_Brand_M_20230601_claim_raw_v1-1.csv', ['a', 'b'])).toThrow(/columns seen: a, b$/);
});
