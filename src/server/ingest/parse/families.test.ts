// The other report families on small hand-written files (tests/fixtures/ingest) with hand-checked values.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseReport, type ParsedReport } from './csv-report';
import { readRawCsv, writeRawCsv } from './test-support/raw-csv';

const OWN = path.resolve(import.meta.dirname, '../../../..', 'tests/fixtures/ingest');
const SHARED = path.resolve(import.meta.dirname, '../../../..', 'tests/fixtures/youtube/reporting_csv');
const parseFile = (name: string) => parseReport(name, readFileSync(path.join(OWN, name)), { schemaEveryRow: true });

function assertFamily<F extends ParsedReport['family']>(
  report: ParsedReport,
  family: F,
): asserts report is Extract<ParsedReport, { family: F }> {
  if (report.family !== family) throw new Error(`expected ${family}, got ${report.family}`);
}

it('content owner basic: third-party uploads are flagged as claimed copies', async () => {
  const table = readRawCsv(readFileSync(path.join(SHARED, 'channel_basic_a2.from_fivetran_seed.csv'), 'utf8'));
  const header = [...table.header.slice(0, 3), 'claimed_status', 'uploader_type', ...table.header.slice(3), 'engaged_views'];
  table.rows.forEach((r, i) => {
    r.push('claimed', i % 5 === 0 ? 'thirdParty' : 'self', '1');
  });
  table.header.push('claimed_status', 'uploader_type', 'engaged_views');
  const csv = writeRawCsv(table, header);
  const report = await parseReport('report.csv', new TextEncoder().encode(csv));
  assertFamily(report, 'basic');
  const rows = report.rows;
  expect(report.type).toBe('content_owner_basic_a4');
  expect(rows.filter((r) => r.claimedCopy)).toHaveLength(Math.ceil(table.rows.length / 5));
  expect(rows.filter((r) => r.claimedCopy).every((r) => r.uploaderType === 'thirdParty')).toBe(true);
  expect(rows.reduce((s, r) => s + r.views, 0)).toBe(table.sum('views'));
  expect(rows.every((r) => r.engagedViews === 1 && r.claimedStatus === 'claimed')).toBe(true);
  // The same content under a channel report's name has dimensions that report lacks.
  await expect(parseReport('channel_basic_a2_20210727.csv', new TextEncoder().encode(csv))).rejects.toThrow(
    'channel_basic_a2_20210727.csv:1: column claimed_status is not a dimension of channel_basic_a2; is this another report?',
  );
});

it('estimated revenue: amounts to exact micro-USD, claimed copies flagged', async () => {
  const report = await parseFile('content_owner_estimated_revenue_a1_20260301.csv');
  assertFamily(report, 'partner_revenue');
  const rows = report.rows;
  expect(report.type).toBe('content_owner_estimated_revenue_a1');
  expect(rows.map((r) => r.estimatedPartnerRevenueMicros)).toEqual([12_345_679, 1, 500_000, 100_000]);
  expect(rows[0]).toMatchObject({
    estimatedPartnerAdRevenueMicros: 11_200_000,
    estimatedCpmMicros: 9_696_969,
    adImpressions: 2100,
    estimatedMonetizedPlaybacks: 1500,
    estimatedPartnerRedRevenueMicros: 1_145_679,
    claimedCopy: false,
  });
  expect(rows[1]).toMatchObject({ countryCode: 'ZZ', estimatedYoutubeAdRevenueMicros: 2, estimatedCpmMicros: 2_000_000 });
  expect(rows[2]).toMatchObject({ uploaderType: 'thirdParty', claimedCopy: true });
  expect(rows[3]).toMatchObject({ videoId: null, claimedStatus: 'unclaimed', estimatedPartnerTransactionRevenueMicros: 100_000 });
  expect(report.dates).toEqual(['2026-03-01']);
});

it('finance: the Reporting API file and the Studio download give the same records', async () => {
  const api = await parseFile('content_owner_ad_revenue_raw_a1_202602.csv');
  const studio = await parseFile('YouTube_Brand_M_20260201_video_raw_v1-1.csv');
  expect(api.type).toBe('content_owner_ad_revenue_raw_a1');
  expect(studio.type).toBe('content_owner_ad_revenue_raw_a1');
  assertFamily(api, 'finance');
  const rows = api.rows;
  assertFamily(studio, 'finance');
  expect(studio.rows).toEqual(rows);
  expect(rows.map((r) => r.adjustmentType)).toEqual([null, null, 'Backpay', 'Revenue Correction']);
  expect(rows.map((r) => r.partnerRevenueMicros)).toEqual([4_033_444, 1_223, 500_000, -250_000]);
  expect(rows[0]).toMatchObject({
    channelId: 'UCK8sQmJBp8GCxrOtXWBpyEA',
    videoTitle: "Live: New Year's Eve ball drop, Times Square",
    videoDurationSeconds: 22209,
    ownedViews: 5210,
    partnerRevenueReservedMicros: 244_444,
    youtubeRevenueSplitMicros: 3_300_000,
  });
  // Adjustments may be for earlier months than the file's.
  expect(api.dates).toEqual(['2026-01-15', '2026-01-20', '2026-02-01', '2026-02-02']);
  expect(studio.lineCount).toBe(6);
});

it('reach: impressions and CTR as printed', async () => {
  const report = await parseFile('channel_reach_basic_a1_20260301.csv');
  assertFamily(report, 'reach');
  const rows = report.rows;
  expect(report.type).toBe('channel_reach_basic_a1');
  expect(rows.map((r) => r.thumbnailImpressions)).toEqual([1520, 87, 12003]);
  expect(rows[0]?.thumbnailImpressionsCtr).toBe(0.04144736842105263);
});

it('video metadata: titles with commas and line breaks, times to ISO, yes/no to booleans', async () => {
  const report = await parseFile('content_owner_video_metadata_a4_20260301.csv');
  assertFamily(report, 'video_metadata');
  const rows = report.rows;
  expect(report.lineCount).toBe(5);
  expect(report.dates).toEqual([]);
  expect(rows[0]).toMatchObject({
    videoId: 'mC2LZ4TitHw',
    channelTitle: 'CBS New York',
    title: "Live: New Year's Eve ball drop, countdown in Times Square",
    uploadedAt: '2025-01-01T05:30:00Z',
    publishedAt: '2025-01-01T05:33:22Z',
    lengthSeconds: 22209,
    views: 5249181,
    comments: 733,
    claimedByThisOwner: true,
    claimedByAnotherOwner: false,
    claimOrigin: 'Partner uploaded',
    assetId: 'A123456789',
  });
  expect(rows[1]).toMatchObject({
    title: 'What are Actions on Google\n(Assistant on Air)',
    publishedAt: '2019-03-21T20:37:49Z',
    claimedByThisOwner: false,
  });
  expect(rows[2]).toMatchObject({
    title: 'GIDDY UP',
    publishedAt: null,
    views: null,
    lengthSeconds: null,
    privacyStatus: 'unlisted',
    claimedByThisOwner: null,
  });
});

it('a bad row after a multi-line title is reported at its physical line', async () => {
  const text = readFileSync(path.join(OWN, 'content_owner_video_metadata_a4_20260301.csv'), 'utf8').replace(
    'GIDDY UP,,',
    'GIDDY UP,12 minutes,',
  );
  await expect(parseReport('content_owner_video_metadata_a4.csv', new TextEncoder().encode(text))).rejects.toThrow(
    'content_owner_video_metadata_a4.csv:5: column video_length: "12 minutes" is not a duration',
  );
});

it('claims: status, blocked policy and dates', async () => {
  const report = await parseFile('content_owner_active_claims_a3_20260301.csv');
  assertFamily(report, 'claims');
  const rows = report.rows;
  expect(report.type).toBe('content_owner_active_claims_a3');
  expect(rows.map((r) => [r.claimId, r.claimStatus, r.blocked])).toEqual([
    ['cl-100', 'active', true],
    ['cl-101', 'active', false],
    ['cl-102', 'inactive', true],
    ['cl-103', 'pending', false],
  ]);
  expect(rows[0]).toMatchObject({
    videoId: 'Xy12Ab34Cd5',
    channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa',
    videoTitle: 'Ball drop full HD (copy)',
    views: 120345,
    claimOrigin: 'Audio match',
    claimCreatedAt: '2026-02-27T00:00:00Z',
    videoUploadedAt: '2026-02-26T00:00:00Z',
  });
  expect(rows[2]?.claimStatusDetail).toBe('CLOSED_MANUALLY');
});

it('header problems under a Studio title line are reported at the header line (2)', async () => {
  const name = 'YouTube_Brand_M_20260201_video_raw_v1-1.csv';
  const text = readFileSync(path.join(OWN, name), 'utf8').replace(',Channel ID,', ',Channel,');
  await expect(parseReport(name, new TextEncoder().encode(text))).rejects.toThrow(
    `${name}:2: missing required column channel_id (content_owner_ad_revenue_raw_a1)`,
  );
});
