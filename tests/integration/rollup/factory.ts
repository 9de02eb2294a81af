// Base rows for the rollup tests (networks, channels, snapshots, facts, trends) and table dumps to compare.
import { env } from 'cloudflare:test';

let sequence = 0;
const CREATED_AT = 1_700_000_000;

export interface ChannelOptions {
  categoryId?: number | null;
  languageCode?: string | null;
  countryCode?: string | null;
  networkId?: number | null;
}

/** A tracked channel with a unique YouTube id; returns its id. */
export async function createChannel(options: ChannelOptions = {}): Promise<number> {
  sequence += 1;
  const youtubeId = `UC${String(sequence).padStart(22, '0')}`;
  const row = await env.DB.prepare(
    `INSERT INTO channels (youtube_id, title, network_id, category_id, language_code, country_code, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      youtubeId,
      `Channel ${sequence}`,
      options.networkId ?? null,
      options.categoryId === undefined ? 24 : options.categoryId,
      options.languageCode === undefined ? 'en' : options.languageCode,
      options.countryCode === undefined ? 'US' : options.countryCode,
      CREATED_AT,
    )
    .first<{ id: number }>();
  if (!row) throw new Error('channel insert returned no id');
  return row.id;
}

/** A network (public unless told); returns its id. */
export async function createNetwork(isPublic = true): Promise<number> {
  sequence += 1;
  const row = await env.DB.prepare('INSERT INTO networks (slug, name, is_public, created_at) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(`network-${sequence}`, `Network ${sequence}`, isPublic ? 1 : 0, CREATED_AT)
    .first<{ id: number }>();
  if (!row) throw new Error('network insert returned no id');
  return row.id;
}

/** A title; returns its id. */
export async function createTitle(): Promise<number> {
  sequence += 1;
  const row = await env.DB.prepare('INSERT INTO titles (title, created_at) VALUES (?, ?) RETURNING id')
    .bind(`Title ${sequence}`, CREATED_AT)
    .first<{ id: number }>();
  if (!row) throw new Error('title insert returned no id');
  return row.id;
}

type Value = string | number | null;
export type Row = Record<string, Value>;

/**
 * Inserts rows (all with the same keys) as one JSON parameter, the way the loaders do.
 * @example await insertRows('channel_snapshots', [{ channel_id: 1, day: '2026-01-01', ... }])
 */
export async function insertRows(table: string, rows: Row[], replace = false, db: D1Database = env.DB): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const values = columns.map((_, i) => `value ->> ${i}`).join(', ');
  const json = JSON.stringify(rows.map((row) => columns.map((column) => row[column] ?? null)));
  await db
    .prepare(
      `INSERT ${replace ? 'OR REPLACE ' : ''}INTO ${table} (${columns.join(', ')})
    SELECT ${values} FROM json_each(?)`,
    )
    .bind(json)
    .run();
}

/** Every row of a table in a stable order, for comparing two ways of computing it. */
export async function dump(table: string, orderBy: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(`SELECT * FROM ${table} ORDER BY ${orderBy}`).all<Row>();
  return results;
}

/** Days from first to last, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export interface Snapshot {
  channel_id: number;
  day: string;
  subscriber_count: number;
  view_count: number;
  video_count: number;
}

/**
 * Daily snapshots of a channel over days, counters growing by the given amounts per day (i: index of
 * the day), starting from the given counters on the first day.
 */
export function snapshotSeries(
  channelId: number,
  days: string[],
  start: { subs: number; views: number; videos?: number },
  perDay: (i: number) => { views: number; subs: number },
): Snapshot[] {
  let subs = start.subs;
  let views = start.views;
  return days.map((day, i) => {
    if (i > 0) {
      views += perDay(i).views;
      subs += perDay(i).subs;
    }
    return { channel_id: channelId, day, subscriber_count: subs, view_count: views, video_count: (start.videos ?? 10) + Math.floor(i / 7) };
  });
}

/** Inserts snapshots. */
export async function insertSnapshots(rows: Snapshot[]): Promise<void> {
  await insertRows(
    'channel_snapshots',
    rows.map((row) => ({ ...row })),
    true,
  );
}
