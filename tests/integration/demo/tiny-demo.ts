// The tiny demo the demo tests load through the importer, and what they compare it with: the generator's
// records for the same seed and day, and the stored rows read back.
import { env } from 'cloudflare:test';
import { customIds } from '../../../scripts/demo/formats/catalogue-reports';
import type { Metrics } from '../../../scripts/demo/generate/records';
import { SCALES } from '../../../scripts/demo/generate/scale';
import { PINNED_TODAY, tinyTables } from '../../../scripts/demo/generate/test-dataset';
import { loadDemo, type PhaseReport } from '../../../scripts/demo/load/demo-load';

export const SEED = 7;
export const WORLD = { seed: SEED, today: PINNED_TODAY, scale: SCALES.tiny };
/** A report's YYYYMMDD date as the tables' day. */
export const isoDay = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
export const LOAD_TIMEOUT_MS = 120_000;
export const METRICS = [
  'views',
  'watch_time_minutes',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribers_gained',
  'subscribers_lost',
  'partner_revenue_micros',
] as const;
export const FIELDS: Record<(typeof METRICS)[number], keyof Metrics> = {
  views: 'views',
  watch_time_minutes: 'watchTimeMinutes',
  likes: 'likes',
  dislikes: 'dislikes',
  comments: 'comments',
  shares: 'shares',
  subscribers_gained: 'subscribersGained',
  subscribers_lost: 'subscribersLost',
  partner_revenue_micros: 'partnerRevenueMicros',
};

export const tables = tinyTables(SEED, PINNED_TODAY);
/** Generated channel id -> the key the database knows it by (YouTube id, or 'UGC'). */
export const channelKey = new Map(tables.channels.map((c) => [c.id, c.youtubeId ?? 'UGC']));
export const titleKey = customIds(tables.titles);
export const ugcId = tables.channels.find((c) => c.isUgc === 1)?.id;

export async function rows<T>(sql: string): Promise<T[]> {
  return (await env.DB.prepare(sql).all<T>()).results;
}

/** A fact row's channel as the tests name it: its YouTube id, or 'UGC'. */
export const CHANNEL = "coalesce(c.youtube_id, 'UGC')";

/** Loads the tiny demo into the test's database through YouTube's formats and the real importer. */
export function loadTinyDemo(): Promise<PhaseReport[]> {
  return loadDemo({ db: env.DB, kv: env.KV }, { seed: SEED, today: PINNED_TODAY, scale: SCALES.tiny });
}
