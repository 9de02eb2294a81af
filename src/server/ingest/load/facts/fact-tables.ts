// The daily fact grains, the columns each report family owns in them, and the SQL that writes a family.
import { channelIdSql } from '../channel-keys';

/**
 * Columns a report family owns; a re-issued file resets exactly these for its (channel, day)s. A column a
 * table leaves out (`except`) comes last, so the grain rows' values up to it are the table's columns.
 */
export const FAMILY_COLUMNS = {
  basic: [
    'views',
    'watch_time_minutes',
    'likes',
    'dislikes',
    'comments',
    'shares',
    'subscribers_gained',
    'subscribers_lost',
    'engaged_views',
  ],
  partner_revenue: ['partner_revenue_micros', 'ad_impressions', 'monetized_playbacks', 'gross_ad_revenue_micros'],
  reach: ['impressions', 'impression_clicks'],
} as const;

export type DailyFamily = keyof typeof FAMILY_COLUMNS;
export type GrainName = 'channel' | 'country' | 'title' | 'title_country' | 'copy' | 'format' | 'video' | 'video_country';

export interface FactTable {
  readonly name: string;
  readonly grain: GrainName;
  /** Key columns after (channel_id, day). */
  readonly keys: readonly string[];
  readonly families: readonly DailyFamily[];
  /** The families' columns the table keeps when not all of them; its grain rows carry just these sums (views). */
  readonly only?: readonly string[];
  /** The families' columns the table leaves out (engaged views: only the channel, format and video grains keep them). */
  readonly except?: readonly string[];
  /**
   * The rows of a (channel, day) are the parts of its channel_daily row: a large file's staged sums are
   * rounded as running totals (format-grain.ts), so the parts add up to the channel's rounded total.
   */
  readonly runningRound?: true;
}

const CHANNEL_ONLY = ['engaged_views'];

export const FACT_TABLES: readonly FactTable[] = [
  { name: 'channel_daily', grain: 'channel', keys: [], families: ['basic', 'partner_revenue', 'reach'] },
  // Reach reports have no country dimension.
  {
    name: 'channel_country_daily',
    grain: 'country',
    keys: ['country_code'],
    families: ['basic', 'partner_revenue'],
    except: CHANNEL_ONLY,
  },
  {
    name: 'channel_title_daily',
    grain: 'title',
    keys: ['title_id', 'video_type'],
    families: ['basic', 'partner_revenue', 'reach'],
    except: CHANNEL_ONLY,
  },
  // The channel grain by format: Shorts, long-form, live and the channel page (migration 0046, format-grain.ts).
  {
    name: 'channel_format_daily',
    grain: 'format',
    keys: ['video_type'],
    families: ['basic', 'partner_revenue', 'reach'],
    runningRound: true,
  },
  // Geography and Demography under a titles filter need views by title and country only (migration 0016).
  {
    name: 'channel_title_country_daily',
    grain: 'title_country',
    keys: ['title_id', 'video_type', 'country_code'],
    families: ['basic'],
    only: ['views'],
  },
  // Claimed third-party uploads per copy video and country (migration 0022), for the illegal copies pages.
  {
    name: 'copy_daily',
    grain: 'copy',
    keys: ['video_id', 'country_code'],
    families: ['basic', 'partner_revenue'],
    only: ['views', 'partner_revenue_micros'],
  },
  // A page per video (migration 0047): each video's own sums, keyed by the report's video id (claimed
  // copies' under the UGC channel); a report's rows without a video are in channel_daily only.
  {
    name: 'video_daily',
    grain: 'video',
    keys: ['video_id'],
    families: ['basic', 'partner_revenue', 'reach'],
  },
  {
    name: 'video_country_daily',
    grain: 'video_country',
    keys: ['video_id', 'country_code'],
    families: ['basic'],
    only: ['views'],
  },
];

/** The family's columns this table keeps, in FAMILY_COLUMNS order. */
const columnsOf = (table: FactTable, family: DailyFamily): string[] =>
  (FAMILY_COLUMNS[family] as readonly string[]).filter((c) => (!table.only || table.only.includes(c)) && !table.except?.includes(c));
const metricsOf = (table: FactTable) => table.families.flatMap((f) => columnsOf(table, f));

// Every statement below binds ?1 = JSON rows and ?2 = the file's network (for UGC keys).
const SLICES = `SELECT ${channelIdSql('value ->> 0')} AS channel_id, value ->> 1 AS day FROM json_each(?1)`;

/** Zeroes the family's columns on every row of the slices ?1 ([channel key, day]); a PK seek per slice. */
export function resetSql(table: FactTable, family: DailyFamily): string {
  const set = columnsOf(table, family)
    .map((c) => `${c} = 0`)
    .join(', ');
  return `WITH s AS (${SLICES}) UPDATE ${table.name} SET ${set} FROM s
WHERE ${table.name}.channel_id = s.channel_id AND ${table.name}.day = s.day`;
}

/**
 * Writes the family's sums from ?1 ([channel key, day, ...keys, ...sums of the columns the table
 * keeps, in FAMILY_COLUMNS order]); other families' columns stay.
 */
export function upsertSql(table: FactTable, family: DailyFamily, from = 'json_each(?1) WHERE true'): string {
  const metrics = columnsOf(table, family);
  const keys = ['channel_id', 'day', ...table.keys];
  const values = [...keys.slice(1), ...metrics].map((_, i) => `value ->> ${i + 1}`);
  return `INSERT INTO ${table.name} (${[...keys, ...metrics].join(', ')})
SELECT ${channelIdSql('value ->> 0')}, ${values.join(', ')} FROM ${from}
ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${metrics.map((c) => `${c} = excluded.${c}`).join(', ')}`;
}

/**
 * upsertSql reading the rows a large file staged for this table (import ?1; see staged-file.ts). A key
 * may have partial sums in several staged slices (a slice ends at a row budget, even inside a channel's
 * day): they are added up here and each total rounded once, half away from zero. Only watch time is
 * fractional (micro-USD and counts are whole in every report row), and it is never negative, so this is
 * the rounding of Grain.toJson (Math.round) on the file's whole sums.
 */
export function upsertStagedSql(table: FactTable, family: DailyFamily): string {
  const metrics = columnsOf(table, family);
  const keys = ['channel_id', 'day', ...table.keys];
  const keyValues = keys.slice(1).map((_, i) => `value ->> ${i + 1}`);
  const totals = metrics.map((_, i) => {
    const sum = `sum(value ->> ${keys.length + i})`;
    if (!table.runningRound) return `CAST(round(${sum}) AS INTEGER)`;
    // Each row: round(running total) - round(running total before it), in key order within its (channel, day).
    const order = keys.slice(2).map((_, k) => `value ->> ${k + 2}`);
    const run = `(PARTITION BY value ->> 0, value ->> 1 ORDER BY ${order.join(', ')} ROWS BETWEEN UNBOUNDED PRECEDING AND`;
    return `CAST(round(sum(${sum}) OVER ${run} CURRENT ROW)) AS INTEGER) - CAST(coalesce(round(sum(${sum}) OVER ${run} 1 PRECEDING)), 0) AS INTEGER)`;
  });
  // The table name comes from FACT_TABLES, never from input.
  return `INSERT INTO ${table.name} (${[...keys, ...metrics].join(', ')})
SELECT ${channelIdSql('value ->> 0')}, ${[...keyValues, ...totals].join(', ')}
FROM import_staged AS s, json_each(s.rows) WHERE s.import_id = ?1 AND s.target = '${table.name}'
GROUP BY ${keys.map((_, i) => i + 1).join(', ')}
ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${metrics.map((c) => `${c} = excluded.${c}`).join(', ')}`;
}

/**
 * Deletes rows left with every metric at zero, among the channels ?1 (JSON keys) and days ?3 (JSON).
 * The channels x days cross product can be wider than the file's slices; an all-zero row says nothing
 * anywhere, so that is harmless, and two IN lists seek the primary key where row values would not.
 */
export function deleteZeroSql(table: FactTable): string {
  const zero = metricsOf(table)
    .map((c) => `${c} = 0`)
    .join(' AND ');
  return `DELETE FROM ${table.name}
WHERE channel_id IN (SELECT ${channelIdSql('value')} FROM json_each(?1)) AND day IN (SELECT value FROM json_each(?3)) AND ${zero}`;
}
