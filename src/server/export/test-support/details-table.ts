// A details table of any size for the export tests and the export benchmark: per channel and day
// views, watch hours, partner revenue and CTR, with names that test quoting and encoding.
import type { ExportColumn, ExportRow, ExportTable } from '../table';

export const DETAILS_COLUMNS: ExportColumn[] = [
  { key: 'channel', header: 'Channel', type: 'text' },
  { key: 'day', header: 'Day', type: 'date' },
  { key: 'views', header: 'Views', type: 'integer' },
  { key: 'watch_hours', header: 'Watch time (hours)', type: 'decimal' },
  { key: 'partner_revenue', header: 'Partner revenue', type: 'money' },
  { key: 'ctr', header: 'CTR', type: 'percent' },
];

/** Channel names as creators write them: commas, quotes, line breaks, accents, CJK, emoji. */
export const CHANNEL_NAMES = [
  'Ülkü – 東京',
  'Cooking, "Fast" & Easy',
  'Line one\nline two',
  'Café Crème',
  'ゲーム実況チャンネル',
  'Plain Channel',
  'Música 🎵 Latina',
  '  spaced  ',
];

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 0, 1);
/** A small linear congruential generator: the same rows on every run without Math.random. */
const LCG_MULTIPLIER = 1_103_515_245;
const LCG_INCREMENT = 12_345;
const LCG_MODULUS = 2 ** 31;

/**
 * `count` rows cycling through the channel names and a year of days; every fifth row's CTR is null
 * (no impressions). Yields them one at a time, as a writer consumes a table.
 *
 * @example
 * [...detailsRows(2)].length // 2
 */
export function* detailsRows(count: number): Generator<ExportRow> {
  let state = 1;
  const next = () => (state = (state * LCG_MULTIPLIER + LCG_INCREMENT) % LCG_MODULUS);
  for (let i = 0; i < count; i++) {
    const views = next() % 250_000;
    yield {
      channel: CHANNEL_NAMES[i % CHANNEL_NAMES.length] ?? null,
      day: new Date(FIRST_DAY + (i % 365) * DAY_MS).toISOString().slice(0, 10),
      views,
      watch_hours: Math.round(views * 0.07 * 100) / 100,
      // Money arrives from SQL as micro-USD and is divided once: dollars with up to 6 decimals.
      partner_revenue: (next() % 5_000_000_000) / 1_000_000,
      ctr: i % 5 === 0 ? null : (next() % 2000) / 100,
    };
  }
}

/**
 * A details table of `count` rows with its filters and totals (summed from the same rows).
 *
 * @example
 * detailsTable(10_000).columns.length // 6
 */
export function detailsTable(count: number): ExportTable {
  let views = 0;
  let revenue = 0;
  for (const row of detailsRows(count)) {
    views += Number(row.views);
    revenue += Number(row.partner_revenue);
  }
  return {
    title: 'Earnings by channel and day',
    filters: [
      { label: 'Period', value: '2026-01-01 – 2026-12-31' },
      { label: 'Channels', value: 'All' },
    ],
    columns: DETAILS_COLUMNS,
    rows: detailsRows(count),
    totals: { channel: null, day: null, views, watch_hours: null, partner_revenue: revenue, ctr: null },
    fileName: 'viewdeck-partner_revenue-channels-2026-01-01-2026-12-31',
  };
}
