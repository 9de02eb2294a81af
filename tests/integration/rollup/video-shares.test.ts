// Each video month's share of its channel's statement (video_monthly.statement_share_micros): set by the rollup
// refresh (statement-shares.ts) and by migration 0048's trigger when a statement arrives, changes or goes after
// it. Expected shares are the documented running cut, computed here in plain code (BigInt for the integer
// division SQLite does) from the daily rows the test inserts.
import { env } from 'cloudflare:test';
import { beforeEach, expect, it } from 'vitest';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { createChannel, daysBetween, insertRows, type Row } from './factory';

const CREATED_AT = 1_700_000_000;
const VIDEOS = ['vidA0000001', 'vidB0000002', 'vidC0000003'];
/** Every estimated revenue row names a video: the videos add up to the channel's estimate. */
const WHOLE_MONTH = '2026-01';
/** A part of the channel's estimate has no video (rows without one): the videos get that part of the statement less. */
const SHORT_MONTH = '2026-02';

let channel = 0;
let days: Row[] = [];
let videos: Row[] = [];

beforeEach(async () => {
  channel = await createChannel();
  days = [];
  videos = [];
  daysBetween('2026-01-01', '2026-02-28').forEach((day, i) => {
    const byVideo = VIDEOS.map((_, k) => 1_000 + ((i * 37 + k * 101) % 97) * 13 + k);
    const total = byVideo.reduce((s, v) => s + v, 0);
    const page = day.startsWith(SHORT_MONTH) ? 500 + i : 0;
    days.push({ channel_id: channel, day, views: 10 + i, partner_revenue_micros: total + page });
    VIDEOS.forEach((video_id, k) =>
      videos.push({ channel_id: channel, day, video_id, views: 3 + k, partner_revenue_micros: byVideo[k] ?? 0 }),
    );
  });
  await insertRows('channel_daily', days);
  await insertRows('video_daily', videos);
});

async function writeStatement(month: string, revenue: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO channel_finance_monthly (channel_id, month, revenue_micros, adjustment_micros, finalized_at) VALUES (?, ?, ?, 0, ?)
     ON CONFLICT (channel_id, month) DO UPDATE SET revenue_micros = excluded.revenue_micros`,
  )
    .bind(channel, month, revenue, CREATED_AT)
    .run();
}

const sumOf = (rows: Row[], month: string) =>
  rows.filter((r) => String(r.day).startsWith(month)).reduce((s, r) => s + Number(r.partner_revenue_micros), 0);

/** The running cut over the month's videos in id order, the weight total the channel's month estimate. */
function expectedShares(month: string, statement: number | null): Map<string, number | null> {
  const estimate = BigInt(sumOf(days, month));
  const cut = (run: bigint) => (statement === null ? 0n : run === estimate ? BigInt(statement) : (BigInt(statement) * run) / estimate);
  const shares = new Map<string, number | null>();
  let run = 0n;
  for (const video of [...VIDEOS].sort()) {
    const revenue = BigInt(
      sumOf(
        videos.filter((v) => v.video_id === video),
        month,
      ),
    );
    shares.set(video, statement === null ? null : Number(cut(run + revenue) - cut(run)));
    run += revenue;
  }
  return shares;
}

async function storedShares(month: string): Promise<Map<string, number | null>> {
  const { results } = await env.DB.prepare(
    'SELECT video_id, statement_share_micros AS share FROM video_monthly WHERE channel_id = ? AND month = ? ORDER BY video_id',
  )
    .bind(channel, month)
    .all<{ video_id: string; share: number | null }>();
  return new Map(results.map((r) => [r.video_id, r.share]));
}

const refresh = () => refreshRollups(env.DB, { channelDays: days.map((r) => ({ channelId: channel, day: String(r.day) })) });
const total = (shares: Map<string, number | null>) => [...shares.values()].reduce<number>((s, v) => s + (v ?? 0), 0);

it("spreads a statement over the month's videos: exactly the statement when every revenue row names a video", async () => {
  await writeStatement(WHOLE_MONTH, 123_456_789);
  await writeStatement(SHORT_MONTH, 77_777_777);
  await refresh();
  expect(await storedShares(WHOLE_MONTH)).toEqual(expectedShares(WHOLE_MONTH, 123_456_789));
  expect(total(await storedShares(WHOLE_MONTH))).toBe(123_456_789);
  // The channel page's estimate keeps its part: the videos share the rest, to the micro as computed.
  const short = expectedShares(SHORT_MONTH, 77_777_777);
  expect(await storedShares(SHORT_MONTH)).toEqual(short);
  expect(total(short)).toBeLessThan(77_777_777);
});

it('follows a statement loaded, changed or deleted after the rollup (migration 0048)', async () => {
  await refresh();
  expect(await storedShares(WHOLE_MONTH)).toEqual(expectedShares(WHOLE_MONTH, null));
  await writeStatement(WHOLE_MONTH, 1_000_001);
  expect(await storedShares(WHOLE_MONTH)).toEqual(expectedShares(WHOLE_MONTH, 1_000_001));
  expect(total(await storedShares(WHOLE_MONTH))).toBe(1_000_001);
  await writeStatement(WHOLE_MONTH, 9_999_999);
  expect(total(await storedShares(WHOLE_MONTH))).toBe(9_999_999);
  await env.DB.prepare('DELETE FROM channel_finance_monthly WHERE channel_id = ? AND month = ?').bind(channel, WHOLE_MONTH).run();
  expect(await storedShares(WHOLE_MONTH)).toEqual(expectedShares(WHOLE_MONTH, null));
});
