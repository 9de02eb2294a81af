// Estimated revenue into the three grains (claimed copies to UGC) and the monthly finance statement.
import { expect, it } from 'vitest';
import studio from '../../fixtures/ingest/YouTube_Brand_M_20260201_video_raw_v1-1.csv?raw';
import statement from '../../fixtures/ingest/content_owner_ad_revenue_raw_a1_202602.csv?raw';
import revenue from '../../fixtures/ingest/content_owner_estimated_revenue_a1_20260301.csv?raw';
import { readRawCsv } from '../../../src/server/ingest/parse/test-support/raw-csv';
import { all, channelIdOf, createNetwork, HOUR, load, microsOf, NOW, one, readCsvRecords, snapshotDatabase } from './support';

const CHANNEL = 'UCK8sQmJBp8GCxrOtXWBpyEA';
const METADATA_HEADER = 'video_id,channel_id,channel_display_name,video_title,video_length,custom_id';

it('loads estimated revenue, ad impressions, playbacks and gross ad revenue; thirdParty rows to UGC', async () => {
  const network = await createNetwork();
  // mC2LZ4TitHw belongs to the show SHOW-1; D-lhorsDlUQ has no custom id, so no title.
  const metadata = `${METADATA_HEADER}\nmC2LZ4TitHw,${CHANNEL},Google,Ball drop,22209,SHOW-1\nD-lhorsDlUQ,${CHANNEL},Google,Actions,1267,\n`;
  const { files } = await load(
    [
      ['content_owner_estimated_revenue_a1_20260301.csv', revenue],
      ['content_owner_video_metadata_a4_x.csv', metadata],
    ],
    { networkId: network },
  );
  expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  const raw = readRawCsv(revenue);
  const col = (name: string, i: number) => raw.column(name)[i] ?? '';
  const expected = new Map<string, number[]>();
  raw.rows.forEach((_, i) => {
    const owner = col('uploader_type', i) === 'thirdParty' ? 'ugc' : col('channel_id', i);
    const sums = expected.get(owner) ?? [0, 0, 0, 0];
    sums[0] = (sums[0] ?? 0) + microsOf(col('estimated_partner_revenue', i));
    sums[1] = (sums[1] ?? 0) + Number(col('ad_impressions', i));
    sums[2] = (sums[2] ?? 0) + Number(col('estimated_monetized_playbacks', i));
    sums[3] = (sums[3] ?? 0) + microsOf(col('estimated_youtube_ad_revenue', i));
    expected.set(owner, sums);
  });
  const ugc = await one<{ id: number }>('SELECT id FROM channels WHERE is_ugc = 1 AND network_id = ?', network);
  const daily = async (id: number) =>
    Object.values(
      await one<Record<string, number>>(
        'SELECT partner_revenue_micros, ad_impressions, monetized_playbacks, gross_ad_revenue_micros FROM channel_daily WHERE channel_id = ? AND day = ?',
        id,
        '2026-03-01',
      ),
    );
  expect(await daily(await channelIdOf(CHANNEL))).toEqual(expected.get(CHANNEL));
  expect(await daily(ugc.id)).toEqual(expected.get('ugc'));
  expect(expected.get(CHANNEL)?.[0]).toBe(12_445_680);
  const byCountry = await all<{ country_code: string; partner_revenue_micros: number }>(
    'SELECT country_code, partner_revenue_micros FROM channel_country_daily WHERE channel_id = ? ORDER BY country_code',
    await channelIdOf(CHANNEL),
  );
  expect(byCountry).toEqual([
    { country_code: 'GB', partner_revenue_micros: microsOf('0.1') },
    { country_code: 'US', partner_revenue_micros: microsOf('12.3456785') },
    { country_code: 'ZZ', partner_revenue_micros: microsOf('0.000001') },
  ]);
  // The title grain has the titled video's two rows (US and ZZ), typed 'full' (22,209 s).
  expect(
    await all(
      'SELECT t.custom_id, d.video_type, d.partner_revenue_micros, d.ad_impressions FROM channel_title_daily d JOIN titles t ON t.id = d.title_id',
    ),
  ).toEqual([
    {
      custom_id: 'SHOW-1',
      video_type: 'full',
      partner_revenue_micros: microsOf('12.3456785') + microsOf('0.000001'),
      ad_impressions: 2101,
    },
  ]);
});

/** Finance expected from the raw statement: normal rows by their month, adjustments in the statement's month. */
function expectedFinance(text: string, dayColumn: string, adjustmentColumn: string, revenueColumn: string) {
  const records = readCsvRecords(text, text.startsWith('Video Raw') ? 1 : 0);
  const months = records.map((r) => `${r[dayColumn]?.slice(0, 4)}-${r[dayColumn]?.slice(4, 6)}`);
  const out = { month: [...months].sort().at(-1) ?? '', revenue_micros: 0, adjustment_micros: 0 };
  for (const r of records) {
    if (r[adjustmentColumn] === 'None') out.revenue_micros += microsOf(r[revenueColumn] ?? '');
    else out.adjustment_micros += microsOf(r[revenueColumn] ?? '');
  }
  return out;
}

it("books a statement's normal rows as revenue and its adjustment rows (earlier days) in its month", async () => {
  const network = await createNetwork('Brand');
  await load([['content_owner_estimated_revenue_a1_20260301.csv', revenue]], { networkId: network });
  const { files } = await load([['content_owner_ad_revenue_raw_a1_202602.csv', statement, NOW - 2 * HOUR]], { networkId: network });
  expect(files[0]).toMatchObject({ status: 'loaded', reportType: 'content_owner_ad_revenue_raw_a1', channels: 1 });
  const expected = expectedFinance(statement, 'date', 'adjustment_type', 'partner_revenue');
  expect(expected).toEqual({ month: '2026-02', revenue_micros: 4_034_667, adjustment_micros: 250_000 });
  const stored = () => all('SELECT channel_id, month, revenue_micros, adjustment_micros, finalized_at FROM channel_finance_monthly');
  const id = await channelIdOf(CHANNEL);
  expect(await stored()).toEqual([{ channel_id: id, ...expected, finalized_at: 1_772_409_600 }]);
  // Studio's download of the same statement (network found by the owner name "Brand") replaces it with the same figures.
  const before = await stored();
  const again = await load([['YouTube_Brand_M_20260201_video_raw_v1-1.csv', studio, NOW - HOUR]]);
  expect(again.files[0]?.status).toBe('replaced');
  expect(expectedFinance(studio, 'Day', 'Adjustment Type', 'Partner Revenue')).toEqual(expected);
  expect(await stored()).toEqual(before);
  expect(again.changedDays).toEqual([]);
});

it("gives a statement's rows for channels we do not know to the network's UGC channel", async () => {
  const network = await createNetwork();
  const before = (await snapshotDatabase()).channels;
  await load([['content_owner_ad_revenue_raw_a1_202602.csv', statement]], { networkId: network });
  const rows = await all<{ is_ugc: number; youtube_id: string | null; revenue_micros: number }>(
    'SELECT c.is_ugc, c.youtube_id, f.revenue_micros FROM channel_finance_monthly f JOIN channels c ON c.id = f.channel_id',
  );
  expect(rows).toEqual([{ is_ugc: 1, youtube_id: null, revenue_micros: 4_034_667 }]);
  expect((await snapshotDatabase()).channels).toHaveLength((before?.length ?? 0) + 1);
});
