// channel_filter_positions: every channel's position within its country, its category, its language and
// its network for 'now', per ranking metric, with its position there in the 30 days before, so a ranking page under
// one of those filters is a primary-key range at any depth (migration 0043).
import { RANKING_METRIC_KEYS, type RankingMetricKey } from '../../../lib/public/ranking-metrics';
import { currentFiguresSql, previousFiguresSql } from '../../public/rankings/figures';
import { rankingOrderSql } from '../../public/rankings/metric-sql';
import { raw, sql, type Fragment } from '../../db/sql';
import { NOW_PERIOD } from './periods';
import { runBatch, type Runner } from './runner';

/** The channel columns a stored filter ranks within, as the page's filters name them. */
export const STORED_FILTERS = ['country_code', 'category_id', 'language_code', 'network_id'] as const;
export type StoredFilter = (typeof STORED_FILTERS)[number];

export const isStoredFilter = (column: string): column is StoredFilter => (STORED_FILTERS as readonly string[]).includes(column);

/**
 * One metric's positions within each value of a filter, now and in the 30 days before, from one pass
 * over both periods' rows grouped by channel, as positions.ts writes the overall ones. Channels without
 * a value (NULL) belong to no filter page and are left out.
 */
function insertSql(filter: StoredFilter, metric: RankingMetricKey): Fragment {
  const order = raw(rankingOrderSql('f', 'channel_id'));
  const column = raw(`k.${filter}`);
  const ranked = (figures: Fragment, now: 0 | 1) =>
    sql`SELECT f.channel_id, CAST(${column} AS TEXT) AS value, ${now} AS now,
      ROW_NUMBER() OVER (PARTITION BY ${column} ORDER BY ${order}) AS position
    FROM (${figures}) AS f JOIN channels AS k ON k.id = f.channel_id WHERE ${column} IS NOT NULL`;
  return sql`INSERT INTO channel_filter_positions (period, metric, filter, value, position, channel_id, previous_position)
SELECT ${NOW_PERIOD}, ${metric}, ${filter}, p.value, p.position, p.channel_id, p.previous_position FROM (
  SELECT channel_id, value, max(CASE WHEN now = 1 THEN position END) AS position, max(CASE WHEN now = 0 THEN position END) AS previous_position
  FROM (${ranked(currentFiguresSql(NOW_PERIOD, [], metric), 1)} UNION ALL ${ranked(previousFiguresSql(NOW_PERIOD, [], metric), 0)})
  GROUP BY channel_id) AS p
WHERE p.position IS NOT NULL ORDER BY p.value, p.position`;
}

/**
 * Replaces 'now''s positions within each filter: one batch per filter (its delete and its metrics), so
 * readers see a filter's old or new positions and each batch stays well inside D1's 30 s.
 * @example await refreshFilterPositions(runner)
 */
export async function refreshFilterPositions(runner: Runner): Promise<void> {
  for (const filter of STORED_FILTERS) {
    await runBatch(runner, [
      sql`DELETE FROM channel_filter_positions WHERE period = ${NOW_PERIOD} AND filter = ${filter}`,
      ...RANKING_METRIC_KEYS.map((metric) => insertSql(filter, metric)),
    ]);
  }
}
