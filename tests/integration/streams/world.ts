// A small broadcasts world: two users granted different channels, streams on air and ended on each.
import { env } from 'cloudflare:test';
import { createUser, type TestUser } from '../factories';
import { signIn } from '../http';
import type { BroadcastRecord } from '../../../scripts/demo/generate/records';

/** The pinned "now" of the broadcasts tests: 2026-03-04 12:00:00 UTC in unix seconds. */
export const NOW = Date.parse('2026-03-04T12:00:00Z') / 1000;
const CREATED_AT = 1_700_000_000;

export interface StreamChannel {
  id: number;
  key: string;
  title: string;
}

/** A live_broadcasts row as the test inserted it (unix seconds): the demo generator's record of one. */
export type BroadcastRow = BroadcastRecord;

export interface StreamsWorld {
  a: TestUser & { session: string };
  b: TestUser & { session: string };
  /** A sees a1 and a2; B sees b1. */
  a1: StreamChannel;
  a2: StreamChannel;
  b1: StreamChannel;
  rows: BroadcastRow[];
}

let sequence = 0;

async function channel(): Promise<StreamChannel> {
  sequence += 1;
  const key = `UC${String(sequence).padStart(22, 's')}`;
  const title = `Stream channel ${sequence}`;
  const row = await env.DB.prepare('INSERT INTO channels (youtube_id, title, created_at) VALUES (?, ?, ?) RETURNING id')
    .bind(key, title, CREATED_AT)
    .first<{ id: number }>();
  if (!row) throw new Error('channel insert failed');
  return { id: row.id, key, title };
}

async function grant(userId: number, channelId: number): Promise<void> {
  await env.DB.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) VALUES (?, ?, ?)')
    .bind(userId, channelId, CREATED_AT)
    .run();
}

/** Inserts a stream: its live video first (live_broadcasts refers to videos). */
export async function insertBroadcast(row: BroadcastRow): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO videos (video_id, channel_id, video_title, published_at, type) VALUES (?, ?, ?, ?, 'live')").bind(
      row.videoId,
      row.channelId,
      row.name,
      row.startedAt,
    ),
    env.DB.prepare(
      'INSERT INTO live_broadcasts (video_id, channel_id, name, preview_url, watching_count, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).bind(row.videoId, row.channelId, row.name, row.previewUrl, row.watchingCount, row.startedAt, row.endedAt),
  ]);
}

/** An 11-character video id from a number. */
const videoId = (n: number): string => `live${String(n).padStart(7, '0')}`;

/**
 * Six streams on air on A's channels (more than the four shown first), two ended ones, and B's own.
 * @example const w = await buildStreamsWorld()
 */
export async function buildStreamsWorld(): Promise<StreamsWorld> {
  const [userA, userB] = [await createUser(), await createUser()];
  const [a1, a2, b1] = [await channel(), await channel(), await channel()];
  await grant(userA.id, a1.id);
  await grant(userA.id, a2.id);
  await grant(userB.id, b1.id);
  const rows: BroadcastRow[] = [];
  const add = (ch: StreamChannel, n: number, minutesAgo: number, secondsExtra: number, endedMinutesAgo: number | null) =>
    rows.push({
      videoId: videoId(sequence * 100 + n),
      channelId: ch.id,
      name: `Stream ${n} on ${ch.title}`,
      previewUrl: n % 2 === 0 ? `https://i.ytimg.com/vi/x${n}/mqdefault_live.jpg` : '',
      watchingCount: 100 * n + 7,
      startedAt: NOW - minutesAgo * 60 - secondsExtra,
      endedAt: endedMinutesAgo === null ? null : NOW - endedMinutesAgo * 60,
    });
  add(a1, 1, 5, 59, null);
  add(a1, 2, 95, 1, null);
  add(a2, 3, 0, 30, null);
  add(a2, 4, 600, 0, null);
  add(a1, 5, 61, 0, null);
  add(a2, 6, 1440, 12, null);
  add(a1, 7, 300, 0, 100);
  add(a2, 8, 30, 0, 1);
  add(b1, 9, 20, 0, null);
  add(b1, 10, 200, 0, 10);
  for (const row of rows) await insertBroadcast(row);
  return {
    a: { ...userA, session: await signIn(userA.email, userA.password ?? '') },
    b: { ...userB, session: await signIn(userB.email, userB.password ?? '') },
    a1,
    a2,
    b1,
    rows,
  };
}
