// A monthly statement's revenue of claimed third-party uploads on a network spread over three stores
// (docs/partner-store.md, "Claims revenue"): every bucket's part carries the rows of channels we do not
// know; bucket 0 books them to the UGC channel, and each store books those of the copies it holds to the
// copied partner channel's claims. Expected sums are computed here from the files' rows; one database
// loaded with the same files holds the same claims, and the statement's lines add up to YouTube's total.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import claimsFixture from '../fixtures/ingest/content_owner_active_claims_a3_20260301.csv?raw';
import statementFixture from '../fixtures/ingest/content_owner_ad_revenue_raw_a1_202602.csv?raw';
import { monthLines } from '../../src/lib/statements/month-lines';
import { ContractBook } from '../../src/lib/statements/terms';
import { bucketOf } from '../../src/server/ingest/load/channel-keys';
import { runImport } from '../../src/server/ingest/run-import';
import { readBooks } from '../../src/server/statements/books';
import { type BooksTarget, readFinance } from '../../src/server/statements/finance';
import { microsOf, readCsvRecords } from '../integration/ingest/support';
import { insertNetwork, loadAlike, referenceStore, storeOf } from './reference';

const NOW = 1_772_409_600; // 2026-03-02
const HOUR = 3600;
const NETWORK = 795_301;
const BUCKETS = 3;
// Partner channels whose ids' hashes put them in buckets 0, 1 and 2 (bucketOf), one video each.
const PARTNERS = ['03', '01', '08'].map((end) => `UCclaimsrevenueclaimsr${end}`);
const OWN_VIDEOS = ['crOwnVidA01', 'crOwnVidB01', 'crOwnVidC01'];
// Third-party uploads: a copy of each partner's video, a copy of a reference we do not know (the UGC
// channel's own copy), a video no one claims and one whose claim was released.
const COPY_OF = new Map([
  ['crCopyOfA01', 'crOwnVidA01'],
  ['crCopyOfB01', 'crOwnVidB01'],
  ['crCopyOfC01', 'crOwnVidC01'],
  ['crCopyOfX01', 'crUnknown01'],
]);
const THIRD = 'UCthirdpartyclaimsrev001';
const MONTH = '2026-02';

const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id\n${PARTNERS.map(
  (channel, k) => `${OWN_VIDEOS[k]},${channel},Partner ${k},Video ${k},600,\n`,
).join('')}`;

const CLAIMS_HEADER: string[] = (claimsFixture.split('\n')[0] ?? '').split(',');
const claimRow = (values: Record<string, string>) => CLAIMS_HEADER.map((c) => values[c] ?? '').join(',');
const CLAIMS = [
  CLAIMS_HEADER.join(','),
  ...[...COPY_OF].map(([video, reference], k) =>
    claimRow({
      claim_id: `cr-${k}`,
      claim_status: 'ACTIVE',
      video_id: video,
      channel_id: THIRD,
      views: '100',
      reference_video_id: reference,
    }),
  ),
  claimRow({ claim_id: 'cr-9', claim_status: 'INACTIVE', video_id: 'crReleased1', channel_id: THIRD, reference_video_id: 'crOwnVidB01' }),
].join('\n');

const STATEMENT_HEADER = statementFixture.split('\n')[0] ?? '';
/** A statement row: the fixture's columns, with the fields this test varies. */
function row(adjustment: string, day: string, video: string, channel: string, revenue: string): string {
  const cells = [adjustment, day, 'US', video, 'Title', '60', 'Film', channel, 'someone', 'Someone', 'UGC', 'Monetize', '10'];
  return [...cells, '0', '0', '0', '0', '0', revenue, '0', '0', '0', revenue].join(',');
}
const statement = (rows: string[]) => `${STATEMENT_HEADER}\n${rows.join('\n')}\n`;
const [A = '', B = '', C = ''] = PARTNERS;
const FIRST = statement([
  row('None', '20260203', 'crOwnVidA01', A, '4.000001'),
  row('None', '20260204', 'crOwnVidA01', A, '1.5'),
  row('None', '20260203', 'crOwnVidB01', B, '2.333333'),
  row('Backpay', '20260110', 'crOwnVidB01', B, '0.2'),
  row('None', '20260205', 'crOwnVidC01', C, '7.000007'),
  row('None', '20260203', 'crCopyOfA01', THIRD, '0.123457'),
  row('None', '20260210', 'crCopyOfA01', THIRD, '0.876543'),
  row('None', '20260211', 'crCopyOfB01', THIRD, '0.654321'),
  row('Revenue Correction', '20260115', 'crCopyOfB01', THIRD, '-0.3'),
  row('None', '20260212', 'crCopyOfC01', THIRD, '0.111111'),
  row('None', '20260213', 'crCopyOfC01', 'UCthirdpartyclaimsrev002', '0.222222'),
  row('None', '20260214', 'crCopyOfX01', THIRD, '0.5'),
  row('None', '20260215', 'crLooseVid1', THIRD, '0.75'),
  row('None', '20260216', 'crReleased1', THIRD, '0.05'),
]);
// Re-issued: the copy of B no longer earns, the copy of A earns otherwise, and C's own row is gone (so
// bucket 2's part is only rows of channels we do not know).
const REISSUED = statement([
  row('None', '20260203', 'crOwnVidA01', A, '4.000001'),
  row('None', '20260203', 'crOwnVidB01', B, '2.333333'),
  row('None', '20260203', 'crCopyOfA01', THIRD, '0.3'),
  row('None', '20260212', 'crCopyOfC01', THIRD, '0.111111'),
  row('None', '20260214', 'crCopyOfX01', THIRD, '0.5'),
]);

/** What the rows of a statement give, summed here from its text. */
function expectedOf(text: string) {
  const records = readCsvRecords(text);
  const sum = (pick: (r: Record<string, string>) => boolean) =>
    records.filter(pick).reduce((s, r) => s + microsOf(r.partner_revenue ?? ''), 0);
  const unknown = (r: Record<string, string>) => !PARTNERS.includes(r.channel_id ?? '');
  const normal = (r: Record<string, string>) => r.adjustment_type === 'None';
  const claims = new Map<string, number>();
  PARTNERS.forEach((channel, k) => {
    const copies = [...COPY_OF].filter(([, reference]) => reference === OWN_VIDEOS[k]).map(([video]) => video);
    const micros = sum((r) => unknown(r) && normal(r) && copies.includes(r.video_id ?? ''));
    if (micros !== 0) claims.set(channel, micros);
  });
  return {
    claims,
    ugc: { revenue: sum((r) => unknown(r) && normal(r)), adjustment: sum((r) => unknown(r) && !normal(r)) },
    total: sum(() => true),
  };
}

const CLAIMS_BY_CHANNEL = `SELECT c.youtube_id, r.month, r.revenue_micros FROM channel_claim_revenue_monthly r
  JOIN channels c ON c.id = r.channel_id WHERE c.network_id = ?1 ORDER BY c.youtube_id`;
type ClaimRow = { youtube_id: string; month: string; revenue_micros: number };
const claimsIn = async (db: D1Database) => (await db.prepare(CLAIMS_BY_CHANNEL).bind(NETWORK).all<ClaimRow>()).results;
const split: BooksTarget = { db: env.DB, storeOf };
let reference: D1Database;
let bucketOfChannel: Map<string, number>;
let ugcId: number;

const load = (db: D1Database | null, name: string, text: string, issuedAt: number, now = NOW) =>
  runImport(
    db === null ? { db: env.DB, kv: env.KV, storeOf } : { db, kv: env.KV },
    [{ name, bytes: new TextEncoder().encode(text), issued: { at: issuedAt, from: 'operator' } }],
    { networkId: NETWORK, now },
  );

/** The claims rows each bucket's store holds, and where they are: the owner's bucket only. */
async function spreadClaims(): Promise<ClaimRow[]> {
  const held: ClaimRow[] = [];
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    const rows = await claimsIn(storeOf(NETWORK, bucket));
    for (const r of rows) expect(bucketOfChannel.get(r.youtube_id)).toBe(bucket);
    held.push(...rows);
  }
  return held.sort((a, b) => a.youtube_id.localeCompare(b.youtube_id));
}

const asRows = (claims: Map<string, number>) =>
  [...claims].sort(([a], [b]) => a.localeCompare(b)).map(([youtube_id, revenue_micros]) => ({ youtube_id, month: MONTH, revenue_micros }));

/** The month's statement lines (no terms: every line kept by the network), by YouTube id and kind. */
async function lines(target: BooksTarget) {
  const books = await readBooks(target.db, NETWORK);
  const finance = await readFinance(target, NETWORK, books.channels.values(), MONTH, MONTH);
  const month = monthLines(MONTH, finance, books.channels, new ContractBook(books.contracts));
  const byKind = month.lines.map((l) => [l.youtube_id, l.kind, l.gross_micros] as const).sort((a, b) => `${a}`.localeCompare(`${b}`));
  return { byKind, youtubeMicros: month.youtubeMicros, gross: month.lines.reduce((s, l) => s + l.gross_micros, 0) };
}

beforeAll(async () => {
  reference = referenceStore('claims-revenue-buckets-reference');
  await insertNetwork([env.DB, reference], { id: NETWORK, slug: 'claims-revenue-buckets', buckets: BUCKETS });
  const text = new TextEncoder();
  await loadAlike(
    reference,
    () => [
      { name: 'content_owner_video_metadata_a4_claims_revenue.csv', bytes: text.encode(METADATA) },
      { name: 'content_owner_active_claims_a3_claims_revenue.csv', bytes: text.encode(`${CLAIMS}\n`) },
    ],
    { networkId: NETWORK, now: NOW },
  );
  const channels = await env.DB.prepare('SELECT id, youtube_id, is_ugc, store_bucket AS bucket FROM channels WHERE network_id = ?')
    .bind(NETWORK)
    .all<{ id: number; youtube_id: string | null; is_ugc: number; bucket: number }>();
  bucketOfChannel = new Map(channels.results.flatMap((c) => (c.youtube_id === null ? [] : [[c.youtube_id, c.bucket] as const])));
  ugcId = channels.results.find((c) => c.is_ugc === 1)?.id ?? 0;
  // New channels would now spread over a fourth bucket, which holds none yet (what `buckets --count 4` does).
  await env.DB.prepare('UPDATE networks SET store_buckets = ?1 WHERE id = ?2')
    .bind(BUCKETS + 1, NETWORK)
    .run();
  for (const db of [null, reference]) {
    const { files } = await load(db, 'content_owner_ad_revenue_raw_a1_202602.csv', FIRST, NOW - 2 * HOUR);
    expect(files.map((f) => [f.status, f.reason])).toEqual([['loaded', undefined]]);
  }
});

describe("a statement's claims revenue on a network spread over several stores", () => {
  it('places the partner channels in buckets 0, 1 and 2, the UGC channel in bucket 0', () => {
    expect(PARTNERS.map((c) => bucketOfChannel.get(c))).toEqual([0, 1, 2]);
    expect(PARTNERS.map((c) => bucketOf(c, BUCKETS))).toEqual([0, 1, 2]);
    expect(ugcId).toBeGreaterThan(0);
  });

  it("books each copy's rows to its partner channel's claims, in that channel's store, as one database does", async () => {
    const expected = expectedOf(FIRST);
    expect([...expected.claims.keys()]).toEqual(PARTNERS);
    expect(await spreadClaims()).toEqual(asRows(expected.claims));
    expect(await claimsIn(reference)).toEqual(asRows(expected.claims));
  });

  it('keeps the UGC revenue whole in bucket 0, and no UGC row in the other buckets', async () => {
    const expected = expectedOf(FIRST);
    const ugc = await storeOf(NETWORK, 0)
      .prepare('SELECT month, revenue_micros, adjustment_micros FROM channel_finance_monthly WHERE channel_id = ?')
      .bind(ugcId)
      .all();
    expect(ugc.results).toEqual([{ month: MONTH, revenue_micros: expected.ugc.revenue, adjustment_micros: expected.ugc.adjustment }]);
    for (let bucket = 1; bucket < BUCKETS; bucket++) {
      const store = storeOf(NETWORK, bucket);
      const held = await store.prepare('SELECT DISTINCT channel_id FROM channel_finance_monthly ORDER BY 1').all<{ channel_id: number }>();
      const own = await store
        .prepare('SELECT id FROM channels WHERE store_bucket = ?1 AND is_ugc = 0 ORDER BY id')
        .bind(bucket)
        .all<{ id: number }>();
      expect(held.results.map((r) => r.channel_id)).toEqual(own.results.map((r) => r.id));
      const ugcChannels = await store.prepare('SELECT count(*) AS n FROM channels WHERE is_ugc = 1').first<{ n: number }>();
      expect(ugcChannels?.n).toBe(0);
    }
  });

  it("gives each partner a Claims line of its copies' rows, the lines adding up to YouTube's total", async () => {
    const expected = expectedOf(FIRST);
    const spread = await lines(split);
    const claimed = [...expected.claims.values()].reduce((s, v) => s + v, 0);
    const claimLines = spread.byKind.filter(([, kind]) => kind === 'claims');
    expect(claimLines).toEqual(
      [
        ...[...expected.claims].map(([id, micros]) => [id, 'claims', micros] as const),
        [null, 'claims', expected.ugc.revenue - claimed] as const,
      ].sort((a, b) => `${a}`.localeCompare(`${b}`)),
    );
    expect(spread.youtubeMicros).toBe(expected.total);
    expect(spread.gross).toBe(expected.total);
    expect(spread).toEqual(await lines({ db: reference }));
  });

  it('gives a bucket without channels no part of the statement', async () => {
    const log = await storeOf(NETWORK, BUCKETS).prepare('SELECT count(*) AS n FROM report_files').first<{ n: number }>();
    expect(log?.n).toBe(0);
  });

  it("loads a claims snapshot's rows of released videos into a bucket without channels, its first file", async () => {
    const before = await spreadClaims();
    const released = claimRow({ claim_id: 'cr-10', claim_status: 'INACTIVE', video_id: 'crReleased2', channel_id: THIRD });
    const { files } = await load(null, 'content_owner_active_claims_a3_claims_revenue_2.csv', `${CLAIMS}\n${released}\n`, NOW + 30);
    expect(files.map((f) => [f.status, f.reason])).toEqual([['replaced', undefined]]);
    const log = await storeOf(NETWORK, BUCKETS).prepare('SELECT family FROM report_files').all<{ family: string }>();
    expect(log.results).toEqual([{ family: 'claims' }]);
    expect(await spreadClaims()).toEqual(before);
  });

  it('answers unchanged in every bucket when the file is loaded again', async () => {
    const before = await spreadClaims();
    const { files } = await load(null, 'content_owner_ad_revenue_raw_a1_202602.csv', FIRST, NOW - 2 * HOUR, NOW + 60);
    expect(files[0]?.status).toBe('unchanged');
    expect(files[0]?.decisions?.filter((d) => /^bucket \d: already loaded$/.test(d))).toHaveLength(BUCKETS);
    expect(await spreadClaims()).toEqual(before);
  });

  it('clears the claim of a copy a re-issued statement no longer pays, in its store', async () => {
    for (const db of [null, reference]) {
      const { files } = await load(db, 'content_owner_ad_revenue_raw_a1_202602_reissued.csv', REISSUED, NOW - HOUR, NOW + 120);
      expect(files.map((f) => f.status)).toEqual(['replaced']);
    }
    const expected = expectedOf(REISSUED);
    expect([...expected.claims.keys()]).toEqual([A, C]);
    expect(await spreadClaims()).toEqual(asRows(expected.claims));
    expect(await claimsIn(reference)).toEqual(asRows(expected.claims));
    expect(await lines(split)).toEqual(await lines({ db: reference }));
  });
});
