// A copy's own figures: the thirdParty rows of the content-owner basic and estimated revenue reports
// for its video give its views, claimed earnings and main country on the illegal copies pages; a
// re-issued day replaces them, blocked copies earn nothing, another network's rows never count.
import { env } from 'cloudflare:test';
import { beforeAll, expect, it } from 'vitest';
import claims from '../../fixtures/ingest/content_owner_active_claims_a3_20260301.csv?raw';
import metadata from '../../fixtures/ingest/content_owner_video_metadata_a4_20260301.csv?raw';
import revenueFixture from '../../fixtures/ingest/content_owner_estimated_revenue_a1_20260301.csv?raw';
import { basicCsv, type BasicLine } from '../ingest/basic-builder';
import { createNetwork, HOUR, loadInstall, microsOf, NOW, readCsvRecords } from '../ingest/support';
import { createUser } from '../factories';
import { call, signIn } from '../http';
import { dollars } from './world';
import type { IllegalChartAnswer, IllegalCopyRow, IllegalTableAnswer } from '../../../src/lib/api/illegal';

const UPLOADER = 'UCbbbbbbbbbbbbbbbbbbbbbb';
const active = readCsvRecords(claims).filter((r) => r.claim_status === 'ACTIVE' && r.channel_id);
const CLAIMED = active.find((r) => !r.claim_policy_block)?.video_id ?? '';
const BLOCKED = active.find((r) => r.claim_policy_block)?.video_id ?? '';

interface RevenueLine {
  day: string;
  video: string;
  country: string;
  revenue: string;
}
const REVENUE_HEADER = revenueFixture.split('\n')[0] ?? '';
function revenueCsv(lines: RevenueLine[]): string {
  const columns = REVENUE_HEADER.split(',');
  const cell = (l: RevenueLine, column: string): string =>
    ({
      date: l.day,
      channel_id: UPLOADER,
      video_id: l.video,
      claimed_status: 'claimed',
      uploader_type: 'thirdParty',
      country_code: l.country,
    })[column] ?? (column === 'estimated_partner_revenue' ? l.revenue : '0');
  return `${[REVENUE_HEADER, ...lines.map((l) => columns.map((c) => cell(l, c)).join(','))].join('\n')}\n`;
}

const BASIC: BasicLine[] = [
  { day: '20260301', channel: UPLOADER, video: CLAIMED, country: 'DE', views: 300, uploader: 'thirdParty' },
  { day: '20260301', channel: UPLOADER, video: CLAIMED, country: 'DE', views: 50, subscribed: 'subscribed', uploader: 'thirdParty' },
  { day: '20260301', channel: UPLOADER, video: CLAIMED, country: 'FR', views: 100, uploader: 'thirdParty' },
  { day: '20260301', channel: UPLOADER, video: BLOCKED, country: 'US', views: 1000, uploader: 'thirdParty' },
];
const DAY2: BasicLine[] = [{ day: '20260302', channel: UPLOADER, video: CLAIMED, country: 'FR', views: 400, uploader: 'thirdParty' }];
const DAY2_REISSUED: BasicLine[] = [
  { day: '20260302', channel: UPLOADER, video: CLAIMED, country: 'FR', views: 40, uploader: 'thirdParty' },
];
const REVENUE: RevenueLine[] = [
  { day: '20260301', video: CLAIMED, country: 'DE', revenue: '1.25' },
  { day: '20260301', video: CLAIMED, country: 'FR', revenue: '0.5' },
  { day: '20260301', video: BLOCKED, country: 'US', revenue: '3.0' },
  { day: '20260302', video: CLAIMED, country: 'FR', revenue: '0.75' },
];

/** The expected figures of a copy from the report lines themselves. */
function expected(video: string, basic: BasicLine[], revenue: RevenueLine[]) {
  const byCountry = new Map<string, number>();
  for (const l of basic.filter((b) => b.video === video))
    byCountry.set(l.country ?? 'US', (byCountry.get(l.country ?? 'US') ?? 0) + l.views);
  const main = [...byCountry].sort((a, b) => b[1] - a[1])[0]?.[0];
  return {
    views: [...byCountry.values()].reduce((s, v) => s + v, 0),
    earnings: dollars(revenue.filter((r) => r.video === video).reduce((s, r) => s + microsOf(r.revenue), 0)),
    country: main,
  };
}

let session = '';
let network = 0;
beforeAll(async () => {
  network = await createNetwork();
  const { files } = await loadInstall(
    [
      ['content_owner_video_metadata_a4_20260301.csv', metadata],
      ['content_owner_active_claims_a3_20260301.csv', claims],
      ['content_owner_basic_a4_20260301.csv', basicCsv([...BASIC, ...DAY2], true), NOW - 2 * HOUR],
      ['content_owner_estimated_revenue_a1_20260301.csv', revenueCsv(REVENUE)],
    ],
    // One day a slice: the two-day files take the staged path of large files.
    { networkId: network, sliceRows: 1 },
  );
  expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'loaded', 'loaded']);
  const user = await createUser();
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(user.id, network).run();
  session = await signIn(user.email, user.password ?? '');
});

async function copies(): Promise<Map<string, IllegalCopyRow>> {
  const res = await call('/api/illegal/table', { session, body: { sort: 'video', order: 'asc' } });
  expect(res.status).toBe(200);
  const answer = ((await res.json()) as { data: IllegalTableAnswer }).data;
  if (answer.group_by !== 'none') throw new Error('expected copy rows');
  return new Map(answer.rows.map((r) => [r.video_id, r]));
}

async function countries(): Promise<Array<[string, number]>> {
  const res = await call('/api/illegal/chart', { session, body: { group_by: 'none', breakdown: 'country' } });
  expect(res.status).toBe(200);
  const answer = ((await res.json()) as { data: IllegalChartAnswer }).data;
  return answer.series.map((s) => [s.name, s.total]);
}

const countryName = (code: string | undefined) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code ?? '');

it("shows a claimed copy's views, earnings and main country from the reports' thirdParty rows", async () => {
  const rows = await copies();
  const claimed = expected(CLAIMED, [...BASIC, ...DAY2], REVENUE);
  expect(rows.get(CLAIMED)).toMatchObject({ views: claimed.views, earnings: claimed.earnings, status: 'claimed' });
  expect(claimed.earnings).toBeGreaterThan(0);
  // Blocked: its views count, its earnings never do.
  expect(rows.get(BLOCKED)).toMatchObject({ views: expected(BLOCKED, BASIC, REVENUE).views, earnings: 0, status: 'blocked' });
  expect(await countries()).toEqual(
    [
      [countryName(claimed.country), claimed.views],
      [countryName(expected(BLOCKED, BASIC, REVENUE).country), expected(BLOCKED, BASIC, REVENUE).views],
    ].sort((a, b) => Number(b[1]) - Number(a[1])),
  );
});

it('replaces a re-issued day instead of adding to it, and moves the main country with it', async () => {
  // YouTube's re-issue, issued after the original report.
  const reissue = basicCsv(DAY2_REISSUED, true);
  const { files } = await loadInstall([['content_owner_basic_a4_20260302_v2.csv', reissue, NOW - HOUR]], { networkId: network });
  expect(files[0]?.status).toBe('replaced');
  const now = expected(CLAIMED, [...BASIC, ...DAY2_REISSUED], REVENUE);
  expect((await copies()).get(CLAIMED)).toMatchObject({ views: now.views, earnings: now.earnings });
  expect((await countries()).find(([name]) => name === countryName(now.country))?.[1]).toBe(now.views);
});

it("never counts another network's rows for the same upload", async () => {
  const before = await copies();
  const other = await createNetwork();
  const { files } = await loadInstall(
    [
      [
        'content_owner_basic_a4_20260303.csv',
        basicCsv([{ ...(DAY2[0] as BasicLine), day: '20260303', views: 99_999, country: 'JP' }], true),
      ],
    ],
    { networkId: other },
  );
  expect(files[0]?.status).toBe('loaded');
  expect(await copies()).toEqual(before);
});
