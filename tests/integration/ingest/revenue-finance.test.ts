// Estimated revenue into the three grains (claimed copies to UGC) and the monthly finance statement.
import { expect, it } from 'vitest';
import studio from '../../fixtures/ingest/YouTube_Brand_M_20260201_video_raw_v1-1.csv?raw';
import statement from '../../fixtures/ingest/content_owner_ad_revenue_raw_a1_202602.csv?raw';
import kinds from '../../fixtures/ingest/content_owner_ad_revenue_raw_a1_202603.csv?raw';
import corrected from '../../fixtures/ingest/content_owner_ad_revenue_raw_a1_202603_corrected.csv?raw';
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

// The revenue kinds' world: channels A and B of the network with a short and a long-form video each, claims
// on third-party uploads (of A's and B's videos, of a reference we do not know, one blocked), and another
// network's channel C with a claimed copy of its own.
const KINDS_A = 'UCkindsAkindsAkindsAkind';
const KINDS_B = 'UCkindsBkindsBkindsBkind';
const KINDS_C = 'UCkindsCkindsCkindsCkind';
const KINDS_METADATA = `${METADATA_HEADER},time_published
shortclip01,${KINDS_A},Kinds A,A 45-second clip,45,,2025/06/01 10:00:00
longvideo01,${KINDS_A},Kinds A,The long episode,900,,2025/06/02 10:00:00
bshort00001,${KINDS_B},Kinds B,B short,30,,2025/06/03 10:00:00
refvideo001,${KINDS_B},Kinds B,B reference episode,1200,,2025/06/04 10:00:00
`;
const OTHER_METADATA = `${METADATA_HEADER},time_published\notherref001,${KINDS_C},Kinds C,C episode,700,,2025/06/05 10:00:00\n`;
const CLAIMS_HEADER = 'claim_id,claim_status,video_id,channel_id,reference_video_id,video_title,claim_policy_block';
const KINDS_CLAIMS = `${CLAIMS_HEADER}
cl-k1,ACTIVE,copyofB0001,UCthirdpartyuploader0001,refvideo001,B reference episode (re-upload),
cl-k2,ACTIVE,copyofA0001,UCthirdpartyuploader0001,longvideo01,The long episode HD,
cl-k3,ACTIVE,copyunknown,UCthirdpartyuploader0002,notours0001,Somebody's show,
cl-k4,ACTIVE,blockedcopy,UCthirdpartyuploader0003,refvideo001,B reference episode [NEW],WORLD
`;
const OTHER_CLAIMS = `${CLAIMS_HEADER}\ncl-k5,ACTIVE,copyofC0001,UCthirdpartyuploader0004,otherref001,Another network's show,\n`;

/**
 * The figures a statement gives, from its rows and the world's files alone: per channel (or UGC) its month's
 * revenue, Shorts (normal rows of videos up to 60 s) and adjustments (booked in the latest month), and per
 * partner channel the claims (normal rows of unknown channels whose video an active, unblocked claim of the
 * network names, its reference being one of the network's videos).
 */
function expectedKinds(text: string) {
  const videos = readCsvRecords(KINDS_METADATA);
  const channelOf = new Map(videos.map((v) => [v.video_id, v.channel_id ?? '']));
  const ours = new Set(channelOf.values());
  const shorts = new Set(videos.filter((v) => Number(v.video_length) <= 60).map((v) => v.video_id));
  const claimed = new Map(
    readCsvRecords(KINDS_CLAIMS)
      .filter((c) => c.claim_status === 'ACTIVE' && c.claim_policy_block === '' && channelOf.has(c.reference_video_id ?? ''))
      .map((c) => [c.video_id, channelOf.get(c.reference_video_id ?? '')]),
  );
  const rows = readCsvRecords(text);
  const month = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}`;
  const latest =
    rows
      .map((r) => month(r.date ?? ''))
      .sort()
      .at(-1) ?? '';
  const finance = new Map<string, { month: string; revenue_micros: number; shorts_micros: number; adjustment_micros: number }>();
  const claims = new Map<string, { month: string; revenue_micros: number }>();
  for (const r of rows) {
    const owner = ours.has(r.channel_id ?? '') ? (r.channel_id ?? '') : 'UGC';
    const normal = r.adjustment_type === 'None';
    const at = normal ? month(r.date ?? '') : latest;
    const amount = microsOf(r.partner_revenue ?? '');
    const sums = finance.get(`${owner}|${at}`) ?? { month: at, revenue_micros: 0, shorts_micros: 0, adjustment_micros: 0 };
    if (!normal) sums.adjustment_micros += amount;
    else {
      sums.revenue_micros += amount;
      if (owner !== 'UGC' && shorts.has(r.video_id ?? '')) sums.shorts_micros += amount;
      const claimant = owner === 'UGC' ? claimed.get(r.video_id ?? '') : undefined;
      if (claimant) {
        const claim = claims.get(`${claimant}|${at}`) ?? { month: at, revenue_micros: 0 };
        claim.revenue_micros += amount;
        claims.set(`${claimant}|${at}`, claim);
      }
    }
    finance.set(`${owner}|${at}`, sums);
  }
  return { finance, claims };
}

/** What the database holds for a network, keyed like expectedKinds; claims of every network, so a claim given to another network's channel shows. */
async function storedKinds(network: number) {
  const key = "coalesce(c.youtube_id, 'UGC') || '|' || f.month";
  const finance = await all<{ k: string; month: string; revenue_micros: number; shorts_micros: number; adjustment_micros: number }>(
    `SELECT ${key} AS k, f.month, f.revenue_micros, f.shorts_micros, f.adjustment_micros
     FROM channel_finance_monthly f JOIN channels c ON c.id = f.channel_id WHERE c.network_id = ?`,
    network,
  );
  const claims = await all<{ k: string; month: string; revenue_micros: number }>(
    `SELECT ${key} AS k, f.month, f.revenue_micros FROM channel_claim_revenue_monthly f JOIN channels c ON c.id = f.channel_id`,
  );
  return {
    finance: new Map(finance.map(({ k, ...row }) => [k, row])),
    claims: new Map(claims.map(({ k, ...row }) => [k, row])),
  };
}

it("splits a statement by kind: Shorts of each channel month, and claimed copies' revenue as claims of the channel they copy", async () => {
  const network = await createNetwork();
  const other = await createNetwork();
  await load([['content_owner_video_metadata_a4_other.csv', OTHER_METADATA]], { networkId: other });
  await load([['content_owner_active_claims_a3_other.csv', OTHER_CLAIMS]], { networkId: other });
  await load([['content_owner_video_metadata_a4_kinds.csv', KINDS_METADATA]], { networkId: network });
  await load([['content_owner_active_claims_a3_kinds.csv', KINDS_CLAIMS]], { networkId: network });
  const { files } = await load([['content_owner_ad_revenue_raw_a1_202603.csv', kinds, NOW - 2 * HOUR]], { networkId: network });
  expect(files.map((f) => f.status)).toEqual(['loaded']);

  const expected = expectedKinds(kinds);
  expect(await storedKinds(network)).toEqual(expected);
  // The world as the sums say it: both channels have Shorts, both have claims, and the UGC channel keeps the rest.
  expect([...expected.finance.values()].filter((f) => f.shorts_micros > 0)).toHaveLength(2);
  expect([...expected.claims.keys()].sort()).toEqual([`${KINDS_A}|2026-03`, `${KINDS_B}|2026-03`]);
  const claimed = [...expected.claims.values()].reduce((s, c) => s + c.revenue_micros, 0);
  expect(claimed).toBeLessThan(expected.finance.get('UGC|2026-03')?.revenue_micros ?? 0);

  // The corrected statement replaces every figure: A's copy is no longer in it, B's earned less.
  const again = await load([['content_owner_ad_revenue_raw_a1_202603_corrected.csv', corrected, NOW - HOUR]], { networkId: network });
  expect(again.files.map((f) => f.status)).toEqual(['replaced']);
  const fixed = expectedKinds(corrected);
  expect([...fixed.claims.keys()]).toEqual([`${KINDS_B}|2026-03`]);
  expect(await storedKinds(network)).toEqual(fixed);

  // A later file of A's normal rows alone replaces A's month only: the UGC month and its claims stay as they were.
  const lines = corrected.trim().split('\n');
  const onlyA = `${[lines[0], ...lines.filter((l) => l.startsWith('None,') && l.includes(KINDS_A))].join('\n')}\n`;
  const partial = await load([['content_owner_ad_revenue_raw_a1_202603_a.csv', onlyA, NOW]], { networkId: network });
  expect(partial.files.map((f) => f.status)).toEqual(['replaced']);
  const afterA = await storedKinds(network);
  expect(afterA.finance).toEqual(new Map([...fixed.finance, ...expectedKinds(onlyA).finance]));
  expect(afterA.finance.get(`${KINDS_A}|2026-03`)?.adjustment_micros).toBe(0);
  expect(afterA.claims).toEqual(fixed.claims);
});
