// SQL pieces the public rollups share: snapshot spans, growth between two snapshots, estimated watch time and earnings.
import { NOW_PERIOD_DAYS } from './periods';

/**
 * A channel's months (?1: JSON array of 'YYYY-MM') that snapshots can derive: end_day is the month's
 * last snapshot, base_day the last one before the month. Months without a base (older than the
 * snapshots we hold, or the month tracking began) are left out: their history stays as imported.
 */
export function monthSpansSql(channelFilter: string): string {
  return `SELECT * FROM (
  SELECT c.id AS channel_id, c.category_id, m.value AS month,
    (SELECT max(s.day) FROM channel_snapshots AS s
     WHERE s.channel_id = c.id AND s.day BETWEEN m.value || '-01' AND m.value || '-31') AS end_day,
    (SELECT max(s.day) FROM channel_snapshots AS s WHERE s.channel_id = c.id AND s.day < m.value || '-01') AS base_day
  FROM channels AS c CROSS JOIN json_each(?1) AS m
  WHERE ${channelFilter})
WHERE end_day IS NOT NULL AND base_day IS NOT NULL`;
}

/**
 * Each channel's 'now' as of a day (an SQL expression, e.g. '?1'): end_day is its latest snapshot in the
 * 30 days to that day, base_day its latest snapshot 30 days before end_day (its first one if tracked for
 * less).
 */
export function nowSpansSql(day: string, channelFilter: string): string {
  const span = `'-${NOW_PERIOD_DAYS} days'`;
  return `SELECT a.channel_id, a.category_id, a.end_day, coalesce(
    (SELECT max(s.day) FROM channel_snapshots AS s
     WHERE s.channel_id = a.channel_id AND s.day <= date(a.end_day, ${span})),
    (SELECT min(s.day) FROM channel_snapshots AS s WHERE s.channel_id = a.channel_id)) AS base_day
FROM (
  SELECT c.id AS channel_id, c.category_id, (SELECT max(s.day) FROM channel_snapshots AS s
    WHERE s.channel_id = c.id AND s.day <= ${day} AND s.day > date(${day}, ${span})) AS end_day
  FROM channels AS c WHERE ${channelFilter}) AS a
WHERE a.end_day IS NOT NULL`;
}

/**
 * The span's counters at end_day and their growth since base_day (monthly_views, monthly_subs): public
 * data only, whatever the channel (docs/public-stats.md, "Estimates").
 */
export function spanFiguresSql(spans: string): string {
  return `SELECT sp.*, e.subscriber_count, e.view_count, e.video_count,
  e.view_count - b.view_count AS monthly_views, e.subscriber_count - b.subscriber_count AS monthly_subs
FROM ${spans} AS sp
JOIN channel_snapshots AS e ON e.channel_id = sp.channel_id AND e.day = sp.end_day
JOIN channel_snapshots AS b ON b.channel_id = sp.channel_id AND b.day = sp.base_day`;
}

/**
 * Joins the fallback rates (rates.ts, written before the statement by ensureRates) to figures aliased f
 * (which carry channel_id and category_id).
 */
export const RATE_JOINS = `LEFT JOIN estimate_channel_rates AS o ON o.channel_id = f.channel_id
LEFT JOIN estimate_category_rates AS r ON r.category_id IS f.category_id`;

/**
 * Public data carries no watch time or earnings: monthly_views times the channel's own rate from its
 * imported public history, else its category's (0 when nothing is known). A partner channel has no
 * rate of its own here (rates.ts): its private facts never reach a public figure.
 */
export const ESTIMATE_COLUMNS = (['watch', 'earnings'] as const)
  .map((kind) => {
    const column = kind === 'watch' ? 'watch_time_minutes' : 'earnings_micros';
    return `CAST(round(max(f.monthly_views, 0) * coalesce(o.${kind}_rate, r.${kind}_rate, 0)) AS INTEGER) AS ${column}`;
  })
  .join(',\n  ');
