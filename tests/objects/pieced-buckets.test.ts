// A content owner's basic report staged in pieces for a network spread over two stores: each piece is cut
// by bucket and staged in each bucket's store; the load applies each bucket's parts there. Both stores then
// hold what one database that loaded the same two files whole holds of their channels (days, audience,
// videos), nothing is left staged, and the same pieces loaded again answer "unchanged".
import { env } from 'cloudflare:test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImport } from '../../src/server/ingest/run-import';
import { bucketOf } from '../../src/server/ingest/load/channel-keys';
import { dropStagedPieces, lineOffsetAfter, stagePiece } from '../../src/server/ingest/load/pieces';
import type { CutPiece, PiecedFile } from '../../src/server/ingest/load/files';
import { basicCsv, ownerDemographicsCsv, type BasicLine } from '../integration/ingest/basic-builder';
import { insertNetwork, referenceStore, storeOf } from './reference';
import { pieceTexts } from './pieces';

const NOW = 1_772_409_600; // 2026-03-02
const NETWORK = 795_101;
const BUCKETS = 2;
// Their ids' hashes put them in buckets 1 and 0 (bucketOf).
const CHANNELS = ['UCpiecedbucketsbucket001', 'UCpiecedbucketsbucket003'];
const VIDEOS = ['pbVideo0001', 'pbVideo0002'];

function basicLines(): BasicLine[] {
  return ['20260210', '20260211'].flatMap((day, d) =>
    CHANNELS.flatMap((channel, c) =>
      ['US', 'BR', 'IN'].map((country, k) => ({ day, channel, video: VIDEOS[c], country, views: 7 * d + 13 * c + 3 * k + 5, likes: k })),
    ),
  );
}

const text = new TextEncoder();
const basicName = 'content_owner_basic_a4_pieced_buckets.csv';
const basic = basicCsv(basicLines(), true);
const demographics = {
  name: 'content_owner_demographics_a1_pieced_buckets.csv',
  bytes: text.encode(
    CHANNELS.map((channel, c) =>
      ownerDemographicsCsv('20260210', channel, [
        [VIDEOS[c] ?? '', 'US', 'AGE_18_24', 'male', 60],
        [VIDEOS[c] ?? '', 'BR', 'AGE_25_34', 'female', 40],
      ]),
    )
      .map((csv, i) => (i === 0 ? csv : csv.slice(csv.indexOf('\n') + 1)))
      .join(''),
  ),
};

const facts = (db: D1Database, youtubeId: string) =>
  Promise.all(
    [
      'SELECT day, views, likes FROM channel_daily',
      'SELECT day, age_group, gender, views FROM channel_audience_daily',
      'SELECT day, video_id, views, likes FROM video_daily',
      'SELECT day, video_id, country_code, views FROM video_country_daily',
    ].map((sql) =>
      db
        .prepare(`${sql} WHERE channel_id = (SELECT id FROM channels WHERE youtube_id = ?) ORDER BY 1, 2, 3`)
        .bind(youtubeId)
        .all()
        .then((r) => r.results),
    ),
  );
const stagedRows = async (db: D1Database) =>
  (
    await db
      .prepare('SELECT (SELECT count(*) FROM import_staged) + (SELECT count(*) FROM import_staged_weights) AS n')
      .first<{ n: number }>()
  )?.n ?? 0;

let reference: D1Database;
beforeAll(async () => {
  reference = referenceStore('pieced-buckets-reference');
  await insertNetwork([env.DB, reference], { id: NETWORK, slug: 'pieced-buckets', buckets: BUCKETS });
});

afterAll(async () => {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(CHANNELS)),
    env.DB.prepare('DELETE FROM networks WHERE id = ?1').bind(NETWORK),
  ]);
});

it('stages each piece cut by bucket and loads each bucket its own part, as one database loads the files whole', async () => {
  expect(CHANNELS.map((c) => bucketOf(c, BUCKETS))).toEqual([1, 0]);
  const target = { db: env.DB, kv: env.KV, storeOf };
  const options = { networkId: NETWORK, now: NOW, sliceRows: 2 };
  const importId = crypto.randomUUID();
  const pieces: CutPiece[] = [];
  for (const [index, piece] of pieceTexts(basic, 3).entries()) {
    const staged = await stagePiece(
      target,
      { name: basicName, bytes: text.encode(piece) },
      { index, lineOffset: lineOffsetAfter(pieces) },
      importId,
      options,
    );
    if (!('cut' in staged)) throw new Error('a spread network stages its pieces cut');
    pieces.push(staged);
  }
  expect(new Set(pieces.flatMap((p) => p.cut.map((c) => c.bucket)))).toEqual(new Set([0, 1]));
  for (const bucket of [0, 1]) expect(await stagedRows(storeOf(NETWORK, bucket))).toBeGreaterThan(0);
  expect(await stagedRows(env.DB)).toBe(0);

  const pieced: PiecedFile = { importId, pieces };
  const files = () => [{ name: basicName, bytes: text.encode(basic), pieces: pieced }, demographics];
  const split = await runImport(target, files(), options);
  expect(split.files.map((f) => [f.status, f.reason])).toEqual([
    ['loaded', undefined],
    ['loaded', undefined],
  ]);
  await dropStagedPieces(target, pieced);
  for (const bucket of [0, 1]) expect(await stagedRows(storeOf(NETWORK, bucket))).toBe(0);

  const whole = await runImport({ db: reference, kv: env.KV }, [{ name: basicName, bytes: text.encode(basic) }, demographics], {
    networkId: NETWORK,
    now: NOW,
  });
  expect(whole.files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  for (const channel of CHANNELS) {
    const expected = await facts(reference, channel);
    expect(expected[0]).toHaveLength(2);
    expect(expected[1]).toHaveLength(2);
    // One video a channel: its two days, and by country its three a day.
    expect(expected[2]).toHaveLength(2);
    expect(expected[3]).toHaveLength(6);
    expect(await facts(storeOf(NETWORK, bucketOf(channel, BUCKETS)), channel)).toEqual(expected);
    // And nothing of it in the other bucket's store.
    expect(await facts(storeOf(NETWORK, 1 - bucketOf(channel, BUCKETS)), channel)).toEqual([[], [], [], []]);
  }
  const again = await runImport(target, files(), { ...options, now: NOW + 60 });
  expect(again.files.map((f) => f.status)).toEqual(['unchanged', 'unchanged']);
});
