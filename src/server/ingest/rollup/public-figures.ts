// SQL pieces the public rollups share: snapshot spans, growth between two snapshots, estimated watch time and earnings.
import { type Fragment, raw, sql } from '../../db/sql';
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

/** The 'now' period's length as a SQLite date modifier (a constant, written into the text). */
const NOW_SPAN = raw(`'-${NOW_PERIOD_DAYS} days'`);

/**
 * Each channel's 'now' as of a day: end_day is its latest snapshot in the 30 days to that day,
 * base_day its latest snapshot 30 days before end_day (its first one if tracked for less). The rollups
 * pass numbered parameters as text (`raw('?1')`); the public rankings bind their own values.
 */
export function nowSpansSql(day: Fragment, channelFilter: Fragment): Fragment {
  return sql`SELECT a.channel_id, a.category_id, a.end_day, coalesce(
    (SELECT max(s.day) FROM channel_snapshots AS s
     WHERE s.channel_id = a.channel_id AND s.day <= date(a.end_day, ${NOW_SPAN})),
    (SELECT min(s.day) FROM channel_snapshots AS s WHERE s.channel_id = a.channel_id)) AS base_day
FROM (
  SELECT c.id AS channel_id, c.category_id, (SELECT max(s.day) FROM channel_snapshots AS s
    WHERE s.channel_id = c.id AND s.day <= ${day} AND s.day > date(${day}, ${NOW_SPAN})) AS end_day
  FROM channels AS c WHERE ${channelFilter}) AS a
WHERE a.end_day IS NOT NULL`;
}

// Partner channels' own facts between the two snapshots give exact per-view rates.
const FACT_SUMS = (['views', 'watch_time_minutes', 'partner_revenue_micros'] as const)
  .map(
    (metric) =>
      `(SELECT sum(d.${metric}) FROM channel_daily AS d
    WHERE d.channel_id = sp.channel_id AND d.day > sp.base_day AND d.day <= sp.end_day) AS fact_${metric}`,
  )
  .join(',\n  ');

const FACT_COLUMNS = 'fact_views, fact_watch_time_minutes, fact_partner_revenue_micros';

/**
 * Where a span's partner facts come from: none (public figures only), 'daily' (the correlated sums
 * over channel_daily in the same database), 'bound' (the rows of a `facts` CTE, see boundFactsCte).
 */
export type SpanFacts = 'none' | 'daily' | 'bound';

/**
 * The span's counters at end_day and their growth since base_day (monthly_views, monthly_subs);
 * with facts, the partner facts over (base_day, end_day] for the estimates.
 */
export function spanFiguresSql(spans: string, facts: SpanFacts): string {
  const columns = { none: '', daily: `,\n  ${FACT_SUMS}`, bound: `,\n  ${FACT_COLUMNS}` }[facts];
  // A bound span matches on its days too: one a newer snapshot moved since its sums were read gets none.
  const join =
    facts === 'bound'
      ? '\nLEFT JOIN facts AS x ON x.channel_id = sp.channel_id AND x.base_day = sp.base_day AND x.end_day = sp.end_day'
      : '';
  return `SELECT sp.*, e.subscriber_count, e.view_count, e.video_count,
  e.view_count - b.view_count AS monthly_views, e.subscriber_count - b.subscriber_count AS monthly_subs${columns}
FROM ${spans} AS sp
JOIN channel_snapshots AS e ON e.channel_id = sp.channel_id AND e.day = sp.end_day
JOIN channel_snapshots AS b ON b.channel_id = sp.channel_id AND b.day = sp.base_day${join}`;
}

/**
 * In a network's store, where its channels' partner facts live on a split install: the three sums of
 * each span of ?1 (JSON [[channel_id, base_day, end_day]]), one row per span, in the layout
 * boundFactsCte reads back. The same sums as the 'daily' figures, so both give the same estimates.
 */
export const SPAN_FACT_SUMS_SQL = `SELECT sp.channel_id, sp.base_day, sp.end_day,
  ${FACT_SUMS}
FROM (SELECT value ->> 0 AS channel_id, value ->> 1 AS base_day, value ->> 2 AS end_day FROM json_each(?1)) AS sp`;

/**
 * The `facts` CTE (after WITH) of 'bound' figures: param is a JSON array of
 * [channel_id, base_day, end_day, views, watch_time_minutes, partner_revenue_micros] (sums or null).
 * @example `WITH ${boundFactsCte('?3')},\nf AS (${spanFiguresSql('spans', 'bound')}) ...`
 */
export function boundFactsCte(param: string): string {
  return `facts AS MATERIALIZED (
  SELECT value ->> 0 AS channel_id, value ->> 1 AS base_day, value ->> 2 AS end_day,
    value ->> 3 AS fact_views, value ->> 4 AS fact_watch_time_minutes, value ->> 5 AS fact_partner_revenue_micros
  FROM json_each(${param}))`;
}

/**
 * Joins the fallback rates (rates.ts, written before the statement by ensureRates) to figures aliased f
 * (which carry channel_id and category_id).
 */
export const RATE_JOINS = `LEFT JOIN estimate_channel_rates AS o ON o.channel_id = f.channel_id
LEFT JOIN estimate_category_rates AS r ON r.category_id IS f.category_id`;

/**
 * Public data carries no watch time or earnings: monthly_views times the partner facts' rate over the
 * same days, else the channel's own rate, else its category's (0 when nothing is known).
 */
export const ESTIMATE_COLUMNS = (['watch', 'earnings'] as const)
  .map((kind) => {
    const fact = kind === 'watch' ? 'fact_watch_time_minutes' : 'fact_partner_revenue_micros';
    const column = kind === 'watch' ? 'watch_time_minutes' : 'earnings_micros';
    return `CAST(round(max(f.monthly_views, 0) * coalesce(f.${fact} * 1.0 / nullif(f.fact_views, 0),
    o.${kind}_rate, r.${kind}_rate, 0)) AS INTEGER) AS ${column}`;
  })
  .join(',\n  ');
