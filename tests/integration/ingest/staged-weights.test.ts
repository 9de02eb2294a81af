// Views per demographics key staged by the pieces of a basic report (import_staged_weights): partial sums
// from several writes and pieces add up to each key's views, a retried piece replaces its own, and a
// read answers only the (channel, day)s and keys asked for.
import { env } from 'cloudflare:test';
import { afterEach, expect, it } from 'vitest';
import { PieceWeights, stagedViews } from '../../../src/server/ingest/load/audience/staged-weights';
import { demographicsKey, type BasicRow } from '../../../src/server/ingest/parse';

const NOW = 1_772_409_600;
const CHANNELS = ['UCstagedweights000000001', 'UCstagedweights000000002'];
const DAY = '2026-03-01';
/** More keys per channel's day than a piece holds before it writes (FLUSH_KEYS): writes go out mid-read. */
const VIDEOS = 3_000;

/** A basic row with only what the weights read; views differ per key. */
function row(channel: number, video: number): BasicRow {
  const fields = {
    date: DAY,
    channelId: CHANNELS[channel] ?? '',
    videoId: `v${String(video).padStart(10, '0')}`,
    claimedStatus: null,
    uploaderType: null,
    liveOrOnDemand: 'on_demand',
    subscribedStatus: video % 2 ? 'subscribed' : 'not_subscribed',
    countryCode: 'US',
    views: (video * 7 + channel * 13) % 997,
  };
  return fields as unknown as BasicRow;
}

const allRows = () => CHANNELS.flatMap((_, c) => Array.from({ length: VIDEOS }, (__, v) => row(c, v)));

const importId = crypto.randomUUID();
afterEach(async () => {
  await env.DB.prepare('DELETE FROM import_staged_weights WHERE import_id = ?1').bind(importId).run();
});

it('adds up the partial views of several writes and pieces per key, a retried piece counted once', async () => {
  // Piece 0 reads every row twice (two slices' writes), piece 1 once; piece 1's second try replaces its first.
  const first = new PieceWeights(env.DB, importId, 0, NOW);
  await first.clear();
  for (const r of allRows()) first.add(r);
  await first.flush();
  for (const r of allRows()) first.add(r);
  await first.flush();
  for (let attempt = 0; attempt < 2; attempt++) {
    const second = new PieceWeights(env.DB, importId, 1, NOW);
    await second.clear();
    for (const r of allRows()) second.add(r);
    await second.flush();
  }
  const staged = await env.DB.prepare('SELECT count(*) AS n FROM import_staged_weights WHERE import_id = ?1')
    .bind(importId)
    .first<{ n: number }>();
  // Written in parts: more rows than (pieces x writes at a slice x channels) show the writes mid-read.
  expect(staged?.n).toBeGreaterThan(3 * CHANNELS.length);

  const asked = allRows().filter((r) => r.videoId?.endsWith('7'));
  const wanted = [
    ...CHANNELS.map((channelId) => ({
      channelId,
      day: DAY,
      keys: new Set(asked.filter((r) => r.channelId === channelId).map(demographicsKey)),
    })),
    { channelId: 'UCstagedweightsnone00000', day: DAY, keys: new Set(['x']) },
  ];
  const got = await stagedViews(env.DB, importId, wanted);
  for (const [c, channelId] of CHANNELS.entries()) {
    const expected = new Map(asked.filter((r) => r.channelId === channelId).map((r) => [demographicsKey(r), 3 * r.views]));
    expect(got[c]).toEqual(expected);
  }
  // A (channel, day) no piece staged has no weights (its demographics are rejected).
  expect(got[2]).toBeUndefined();
});
