// SQL of the shard benchmark: the partner fact tables as migrations 0004-0022 leave them, the statements
// that fill one network's shard with generated rows, and the dashboard-like queries timed against it.
//
// Differences from the product schema, on purpose: no REFERENCES (a shard holds no channels, countries or
// titles rows: facts carry ids only, docs/partner-store.md "Joins") and none of the yearly/statement
// triggers (the benchmark reads monthly rows, it does not refresh them).

import { AD_METRICS, BASE_METRICS, REACH_METRICS } from '../../../src/server/ingest/rollup/fact-metrics';

const METRICS = [...BASE_METRICS, ...AD_METRICS] as const;
/** Reach has no country grain (0008). */
const REACH = REACH_METRICS;

const DAY_CHECK = "CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')";
const MONTH_CHECK = "CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]')";
const VIDEO_TYPE = "video_type TEXT NOT NULL CHECK (video_type IN ('full', 'short', 'live'))";

function columns(reach: boolean): string {
  return [...METRICS, ...(reach ? REACH : [])].map((m) => `${m} INTEGER NOT NULL DEFAULT 0`).join(',\n  ');
}

/** CREATE TABLE statements, one per string (the Durable Object runs them one by one). */
export const SCHEMA: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS channel_daily (channel_id INTEGER NOT NULL, day TEXT NOT NULL ${DAY_CHECK},
  ${columns(true)}, PRIMARY KEY (channel_id, day)) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS channel_country_daily (channel_id INTEGER NOT NULL, day TEXT NOT NULL ${DAY_CHECK},
  country_code TEXT NOT NULL, ${columns(false)}, PRIMARY KEY (channel_id, day, country_code)) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS channel_title_daily (channel_id INTEGER NOT NULL, day TEXT NOT NULL ${DAY_CHECK},
  title_id INTEGER NOT NULL, ${VIDEO_TYPE}, ${columns(true)}, PRIMARY KEY (channel_id, day, title_id, video_type)) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS channel_monthly (channel_id INTEGER NOT NULL, month TEXT NOT NULL ${MONTH_CHECK},
  ${columns(true)}, statement_micros INTEGER, PRIMARY KEY (channel_id, month)) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS channel_country_monthly (channel_id INTEGER NOT NULL, month TEXT NOT NULL ${MONTH_CHECK},
  country_code TEXT NOT NULL, ${columns(false)}, statement_share_micros INTEGER,
  PRIMARY KEY (channel_id, month, country_code)) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS channel_title_monthly (channel_id INTEGER NOT NULL, month TEXT NOT NULL ${MONTH_CHECK},
  title_id INTEGER NOT NULL, ${VIDEO_TYPE}, ${columns(true)}, statement_share_micros INTEGER,
  PRIMARY KEY (channel_id, month, title_id, video_type)) WITHOUT ROWID`,
];

/** What one shard holds: `channels` channels with ids from `firstChannel`, `days` days from `start`. */
export interface ShardShape {
  firstChannel: number;
  channels: number;
  days: number;
  start: string;
}

/** Viewer countries per channel-day: the demo's geography has 10-25 (docs/data-model.md). */
const COUNTRIES = ['US', 'GB', 'IN', 'BR', 'DE', 'FR', 'JP', 'KR', 'MX', 'CA', 'ID', 'ZZ'];
/** Title × video type rows per channel-day: 2-8 in the demo. */
const TITLES = 2;
const VIDEO_TYPES = ['full', 'short'];

/** The (channel, day) grid with a deterministic base figure `v`, so both engines load identical rows. */
const GRID = `WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i + 1 < ?),
  c(ch) AS (SELECT ? UNION ALL SELECT ch + 1 FROM c WHERE ch + 1 < ? + ?),
  g AS (SELECT ch, date(?, '+' || i || ' days') AS day, (ch * 7919 + i * 104729) % 5000 + 100 AS v FROM c, d)`;

/** A shard's own channels (bindings: first and last id). */
const OWN = 'channel_id BETWEEN ? AND ?';

function values(scale: string, reach: boolean): string {
  const figures = [...METRICS, ...(reach ? REACH : [])].map((_, k) => `(${scale}) * ${k + 1}`);
  return figures.join(', ');
}

function gridBindings(shape: ShardShape): unknown[] {
  return [shape.days, shape.firstChannel, shape.firstChannel, shape.channels, shape.start];
}

/** Statements (with their bindings) that fill a shard: daily grains, then their monthly rollups. */
export function loadStatements(shape: ShardShape): Array<{ sql: string; bindings: unknown[] }> {
  const all = [...METRICS, ...REACH].join(', ');
  const countryCols = METRICS.join(', ');
  const sums = (cols: readonly string[]) => cols.map((m) => `sum(${m})`).join(', ');
  // Lists travel as JSON read with json_each: workerd's SQLite refuses long compound SELECTs.
  const countries = `SELECT value AS code, key + 1 AS w FROM json_each('${JSON.stringify(COUNTRIES)}')`;
  const pairs = Array.from({ length: TITLES }, () => VIDEO_TYPES).flat();
  // The shared baseline holds every network: each load rolls up its own channels only.
  const own = [shape.firstChannel, shape.firstChannel + shape.channels - 1];
  const titles = `SELECT key / ${VIDEO_TYPES.length} + 1 AS t, value AS vt FROM json_each('${JSON.stringify(pairs)}')`;
  return [
    {
      sql: `INSERT INTO channel_daily (channel_id, day, ${all}) ${GRID} SELECT ch, day, ${values('v', true)} FROM g`,
      bindings: gridBindings(shape),
    },
    {
      sql: `INSERT INTO channel_country_daily (channel_id, day, country_code, ${countryCols}) ${GRID}, k AS (${countries})
  SELECT ch, day, code, ${values('(v * w) % 997 + 1', false)} FROM g, k`,
      bindings: gridBindings(shape),
    },
    {
      sql: `INSERT INTO channel_title_daily (channel_id, day, title_id, video_type, ${all}) ${GRID}, k AS (${titles})
  SELECT ch, day, t, vt, ${values('(v * t) % 991 + 1', true)} FROM g, k`,
      bindings: gridBindings(shape),
    },
    {
      sql: `INSERT INTO channel_monthly (channel_id, month, ${all}) SELECT channel_id, substr(day, 1, 7), ${sums([...METRICS, ...REACH])} FROM channel_daily WHERE ${OWN} GROUP BY 1, 2`,
      bindings: own,
    },
    {
      sql: `INSERT INTO channel_country_monthly (channel_id, month, country_code, ${countryCols})
  SELECT channel_id, substr(day, 1, 7), country_code, ${sums(METRICS)} FROM channel_country_daily WHERE ${OWN} GROUP BY 1, 2, 3`,
      bindings: own,
    },
    {
      sql: `INSERT INTO channel_title_monthly (channel_id, month, title_id, video_type, ${all})
  SELECT channel_id, substr(day, 1, 7), title_id, video_type, ${sums([...METRICS, ...REACH])} FROM channel_title_daily WHERE ${OWN} GROUP BY 1, 2, 3, 4`,
      bindings: own,
    },
  ];
}

const IN_CHANNELS = 'channel_id IN (SELECT value FROM json_each(?))';

/**
 * The dashboard-like reads, in the order the worker merges them: a 90-day total (daily grain), lifetime
 * by channel (monthly), a 90-day by-country breakdown (country daily) and a lifetime one (country monthly).
 * Bindings: the channel ids as one JSON array, then the range where the query has one.
 */
export const QUERIES = {
  total90: `SELECT sum(views) AS views, sum(watch_time_minutes) AS watch, sum(partner_revenue_micros) AS revenue
  FROM channel_daily WHERE ${IN_CHANNELS} AND day BETWEEN ? AND ?`,
  lifetimeByChannel: `SELECT channel_id AS k, sum(views) AS views, sum(partner_revenue_micros) AS revenue
  FROM channel_monthly WHERE ${IN_CHANNELS} GROUP BY channel_id`,
  countries90: `SELECT country_code AS k, sum(views) AS views, sum(partner_revenue_micros) AS revenue
  FROM channel_country_daily WHERE ${IN_CHANNELS} AND day BETWEEN ? AND ? GROUP BY country_code`,
  countriesLifetime: `SELECT country_code AS k, sum(views) AS views, sum(partner_revenue_micros) AS revenue
  FROM channel_country_monthly WHERE ${IN_CHANNELS} GROUP BY country_code`,
} as const;

/** One shard's answer: rows of each query. */
export interface ShardAnswer {
  total90: Array<Record<string, number | string | null>>;
  lifetimeByChannel: Array<Record<string, number | string | null>>;
  countries90: Array<Record<string, number | string | null>>;
  countriesLifetime: Array<Record<string, number | string | null>>;
}

/** The bindings of each query for a channel list and a day range. */
export function queryBindings(channels: number[], from: string, to: string): Record<keyof typeof QUERIES, unknown[]> {
  const ids = JSON.stringify(channels);
  return { total90: [ids, from, to], lifetimeByChannel: [ids], countries90: [ids, from, to], countriesLifetime: [ids] };
}
