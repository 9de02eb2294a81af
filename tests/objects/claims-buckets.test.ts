// A claims snapshot of a network spread over several stores: every claimed video's rows go to the bucket
// that holds its copy's channel, so the stores together hold the copies one database holds, each in its
// channel's store; a video claimed against references in two buckets still has one copy.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import claims from '../fixtures/ingest/content_owner_active_claims_a3_20260301.csv?raw';
import metadata from '../fixtures/ingest/content_owner_video_metadata_a4_20260301.csv?raw';
import { insertNetwork, loadAlike, referenceStore, storeOf } from './reference';

const NOW = 1_772_409_600; // 2026-03-02
const NETWORK = 795_201;
const BUCKETS = 3;
// The fixtures' channels and videos under ids of this file's own (storage is shared between files here),
// chosen so the channels fall in buckets 0, 1 and 2 by their ids' hashes (bucketOf).
const IDS: Array<[string, string]> = [
  ['UCNZyLULUQBp5e9Q1cKtvk6Q', 'UCclaimsbucketsclaimsb04'],
  ['UC_x5XG1OV2P6uZZ5FSM9Ttw', 'UCclaimsbucketsclaimsb01'],
  ['UCWwWOFsW68TqXE-HZLC3WIA', 'UCclaimsbucketsclaimsb06'],
  ['mC2LZ4TitHw', 'cbVideo0001'],
  ['D-lhorsDlUQ', 'cbVideo0002'],
  ['hDeuSfo_Ys0', 'cbVideo0003'],
];
const own = (text: string) => IDS.reduce((t, [from, to]) => t.replaceAll(from, to), text);
const HEADER = (claims.split('\n')[0] ?? '').split(',');

/** A claims row from the columns it sets (the rest empty). */
const claimRow = (values: Record<string, string>) => HEADER.map((c) => values[c] ?? '').join(',');
const EXTRA = [
  // One third-party video claimed against two references: a video of bucket 1's channel (the lowest claim
  // id, which names the copy) and one of bucket 0's.
  claimRow({
    claim_id: 'cl-300',
    claim_status: 'ACTIVE',
    video_id: 'Zz11Zz22Zz3',
    channel_id: 'UCcccccccccccccccccccccc',
    views: '900',
    reference_video_id: 'D-lhorsDlUQ',
  }),
  claimRow({
    claim_id: 'cl-301',
    claim_status: 'ACTIVE',
    video_id: 'Zz11Zz22Zz3',
    channel_id: 'UCcccccccccccccccccccccc',
    views: '900',
    reference_video_id: 'mC2LZ4TitHw',
  }),
  // Our own upload, claimed: never a copy.
  claimRow({
    claim_id: 'cl-302',
    claim_status: 'ACTIVE',
    video_id: 'hDeuSfo_Ys0',
    channel_id: 'UCWwWOFsW68TqXE-HZLC3WIA',
    views: '50',
    reference_video_id: 'mC2LZ4TitHw',
  }),
  // Released everywhere: no copy.
  claimRow({
    claim_id: 'cl-303',
    claim_status: 'INACTIVE',
    video_id: 'Rr11Rr22Rr3',
    channel_id: 'UCdddddddddddddddddddddd',
    views: '10',
    reference_video_id: 'D-lhorsDlUQ',
  }),
];
const files = () => {
  const text = new TextEncoder();
  return [
    { name: 'content_owner_video_metadata_a4_claims_buckets.csv', bytes: text.encode(own(metadata)) },
    { name: 'content_owner_active_claims_a3_claims_buckets.csv', bytes: text.encode(own(`${claims.trimEnd()}\n${EXTRA.join('\n')}\n`)) },
  ];
};

const COPIES = `SELECT i.video_id, i.claim_id, c.youtube_id AS owner, i.views, i.claim_status, i.reference_video_id FROM illegal_copies i
  JOIN channels c ON c.id = i.channel_id ORDER BY i.video_id`;
let reference: D1Database;

beforeAll(async () => {
  reference = referenceStore('claims-buckets-reference');
  await insertNetwork([env.DB, reference], { id: NETWORK, slug: 'claims-buckets', buckets: BUCKETS });
  await loadAlike(reference, files, { networkId: NETWORK, now: NOW });
});

describe('a claims snapshot of a network spread over several stores', () => {
  it("holds, over its stores, the copies one database holds, each in its owner's store", async () => {
    const expected = (await reference.prepare(COPIES).all()).results;
    expect(expected.map((r) => r.video_id)).toContain('Zz11Zz22Zz3');
    expect(expected.map((r) => r.video_id)).not.toContain('hDeuSfo_Ys0');
    // The copy keeps the reference of the claim that names it (the lowest id), the video of its owner's channel.
    expect(expected.find((r) => r.video_id === 'Zz11Zz22Zz3')?.reference_video_id).toBe(own('D-lhorsDlUQ'));
    const buckets = await env.DB.prepare('SELECT youtube_id, store_bucket AS bucket FROM channels WHERE network_id = ?')
      .bind(NETWORK)
      .all<{ youtube_id: string | null; bucket: number }>();
    const bucketOfChannel = new Map(buckets.results.map((r) => [r.youtube_id, r.bucket]));
    expect(new Set(bucketOfChannel.values()).size).toBeGreaterThan(1);
    const held: Array<Record<string, unknown>> = [];
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const rows = (await storeOf(NETWORK, bucket).prepare(COPIES).all<Record<string, unknown>>()).results;
      // The UGC channel (no YouTube id) lives in bucket 0.
      for (const row of rows) expect(bucketOfChannel.get((row.owner as string | null) ?? null) ?? 0).toBe(bucket);
      held.push(...rows);
    }
    held.sort((a, b) => String(a.video_id).localeCompare(String(b.video_id)));
    expect(held).toEqual(expected);
  });
});
