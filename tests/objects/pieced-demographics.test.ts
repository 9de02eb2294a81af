// A content owner's basic report staged in pieces into its network's store, then loaded with the day's
// demographics: the store holds the same audience as one database that loaded the same two files whole,
// and the views per key the pieces staged there are gone once the load is done.
import { env } from 'cloudflare:test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImport } from '../../src/server/ingest/run-import';
import { dropStagedPieces, stagePiece } from '../../src/server/ingest/load/pieces';
import type { PiecedFile, StagedPiece } from '../../src/server/ingest/load/files';
import { partnerDb } from '../../src/server/partner-store';
import { basicCsv, ownerDemographicsCsv, type BasicLine } from '../integration/ingest/basic-builder';
import { splitEnv } from './split-world';
import { referenceStore } from './reference';
import { pieceTexts } from './pieces';

const NOW = 1_772_409_600; // 2026-03-02
const NETWORK = 770_301;
const CHANNELS = ['UCpieceddemographics0001', 'UCpieceddemographics0002'];
const VIDEOS = ['pdVideo0001', 'pdVideo0002'];
const COUNTRIES = ['US', 'BR', 'IN'];
const PIECES = 3;
/** Slices of a few rows: each piece stages its views per key over several slices too. */
const SLICE_ROWS = 4;

/** The day's rows, twice over and then once more in another order: every key's views lie in several pieces. */
function basicLines(): BasicLine[] {
  const once: BasicLine[] = [];
  CHANNELS.forEach((channel, c) =>
    VIDEOS.forEach((video, v) =>
      COUNTRIES.forEach((country, k) => {
        for (const subscribed of ['subscribed', 'not_subscribed'] as const) {
          once.push({ day: '20260210', channel, video, country, subscribed, views: 17 * c + 11 * v + 5 * k + (subscribed.length % 7) + 3 });
        }
      }),
    ),
  );
  return [...once, ...once, ...once.reverse()];
}

const text = new TextEncoder();
const basicName = 'content_owner_basic_a4_20260210.csv';
const basic = basicCsv(basicLines(), true);
const demographics = {
  name: 'content_owner_demographics_a1_20260210.csv',
  bytes: text.encode(
    [0, 1]
      .map((c) =>
        ownerDemographicsCsv('20260210', CHANNELS[c] ?? '', [
          [VIDEOS[0] ?? '', 'US', 'AGE_18_24', 'male', 60],
          [VIDEOS[0] ?? '', 'US', 'AGE_25_34', 'female', 40],
          [VIDEOS[1] ?? '', 'BR', 'AGE_35_44', 'female', 100],
          [VIDEOS[1] ?? '', 'IN', 'AGE_65_', 'male', 25],
          [VIDEOS[1] ?? '', 'IN', 'AGE_13_17', 'female', 75],
        ]),
      )
      .map((csv, i) => (i === 0 ? csv : csv.slice(csv.indexOf('\n') + 1)))
      .join(''),
  ),
};

const audience = (db: D1Database) =>
  db
    .prepare(
      `SELECT c.youtube_id, a.day, a.age_group, a.gender, a.views FROM channel_audience_daily a
       JOIN channels c ON c.id = a.channel_id ORDER BY c.youtube_id, a.age_group, a.gender`,
    )
    .all()
    .then((r) => r.results);
/** Per video (migration 0047), days and months. */
const videoAudience = (db: D1Database) =>
  db
    .prepare(
      `SELECT c.youtube_id, a.day, a.video_id, a.age_group, a.gender, a.views FROM video_audience_daily a
       JOIN channels c ON c.id = a.channel_id ORDER BY c.youtube_id, a.video_id, a.age_group, a.gender`,
    )
    .all()
    .then((r) => r.results);
const videoMonths = (db: D1Database) =>
  db
    .prepare(
      `SELECT c.youtube_id, a.month, a.video_id, a.age_group, a.gender, a.views FROM video_audience_monthly a
       JOIN channels c ON c.id = a.channel_id ORDER BY c.youtube_id, a.video_id, a.age_group, a.gender`,
    )
    .all()
    .then((r) => r.results);
const weightRows = async (db: D1Database) =>
  (await db.prepare('SELECT count(*) AS n FROM import_staged_weights').first<{ n: number }>())?.n ?? 0;

let reference: D1Database;
beforeAll(async () => {
  reference = referenceStore('pieced-demographics-reference');
  for (const db of [env.DB, reference]) {
    await db
      .prepare("INSERT INTO networks (id, slug, name, is_partner, created_at) VALUES (?1, 'pieced-demo', 'Pieced', 1, 0)")
      .bind(NETWORK)
      .run();
  }
});

// The suite keeps storage between files: the shared catalogue rows this file made go.
afterAll(async () => {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(CHANNELS)),
    env.DB.prepare('DELETE FROM networks WHERE id = ?1').bind(NETWORK),
  ]);
});

it("a pieced day's demographics in a network store equal those of the same files loaded whole", async () => {
  const storeOf = (id: number) => partnerDb(splitEnv, id);
  const target = { db: env.DB, kv: env.KV, storeOf };
  const options = { networkId: NETWORK, now: NOW, sliceRows: SLICE_ROWS };
  const importId = crypto.randomUUID();
  const pieces: StagedPiece[] = [];
  let lineOffset = 0;
  for (const [index, piece] of pieceTexts(basic, PIECES).entries()) {
    const staged = await stagePiece(target, { name: basicName, bytes: text.encode(piece) }, { index, lineOffset }, importId, options);
    if ('rejected' in staged || 'cut' in staged) throw new Error('a network in one store stages its pieces whole');
    pieces.push(staged);
    lineOffset += staged.lines - 1;
  }
  const store = storeOf(NETWORK);
  // Staged where the slices are, in the network's store: the shared D1 holds none of them.
  expect(await weightRows(store)).toBeGreaterThan(0);
  expect(await weightRows(env.DB)).toBe(0);

  const pieced: PiecedFile = { importId, pieces };
  const files = [{ name: basicName, bytes: text.encode(basic), pieces: pieced }, demographics];
  const split = await runImport(target, files, options);
  expect(split.files.map((f) => [f.status, f.reason])).toEqual([
    ['loaded', undefined],
    ['loaded', undefined],
  ]);
  await dropStagedPieces(target, pieced);
  expect(await weightRows(store)).toBe(0);

  const whole = await runImport({ db: reference, kv: env.KV }, [{ name: basicName, bytes: text.encode(basic) }, demographics], {
    networkId: NETWORK,
    now: NOW,
  });
  expect(whole.files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  const expected = await audience(reference);
  // Both channels' days, every age group and gender the file names.
  expect(expected).toHaveLength(2 * 5);
  expect(await audience(store)).toEqual(expected);
  // Per video alike: each of the file's cells names one video, so as many rows.
  const videos = await videoAudience(reference);
  expect(videos).toHaveLength(2 * 5);
  expect(await videoAudience(store)).toEqual(videos);
  expect(await videoMonths(reference)).toHaveLength(2 * 5);
  expect(await videoMonths(store)).toEqual(await videoMonths(reference));
});
