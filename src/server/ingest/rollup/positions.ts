// channel_positions: every channel's overall position per period and ranking metric, with its position
// in the period before, so a ranking page of any metric at any depth is a primary-key range.
import { RANKING_METRIC_KEYS } from '../../../lib/public/ranking-metrics';
import { currentFiguresSql, previousFiguresSql } from '../../public/rankings/figures';
import { rankingOrderSql } from '../../public/rankings/metric-sql';
import { join, raw, sql, type Fragment } from '../../db/sql';
import { runBatch, type Runner } from './runner';

/**
 * One metric's positions in the period and the period before, over every channel with figures. Both
 * orders come from one pass over the two periods' rows grouped by channel (a sort), not a join of the
 * two rankings: SQLite may plan that join as a scan of one ranking per row of the other.
 */
function insertSql(period: string, metric: (typeof RANKING_METRIC_KEYS)[number]): Fragment {
  const order = raw(rankingOrderSql('f', 'channel_id'));
  return sql`INSERT INTO channel_positions (period, metric, position, channel_id, previous_position)
SELECT ${period}, ${metric}, p.position, p.channel_id, p.previous_position FROM (
  SELECT channel_id, max(CASE WHEN now = 1 THEN position END) AS position, max(CASE WHEN now = 0 THEN position END) AS previous_position
  FROM (SELECT f.channel_id, 1 AS now, ROW_NUMBER() OVER (ORDER BY ${order}) AS position FROM (${currentFiguresSql(period, [], metric)}) AS f
    UNION ALL
    SELECT f.channel_id, 0 AS now, ROW_NUMBER() OVER (ORDER BY ${order}) AS position FROM (${previousFiguresSql(period, [], metric)}) AS f)
  GROUP BY channel_id) AS p
WHERE p.position IS NOT NULL ORDER BY p.position`;
}

/**
 * Replaces the period's positions for every metric in one batch (readers see the old or the new ones).
 * @example await refreshPositions(runner, 'now')
 */
export async function refreshPositions(runner: Runner, period: string): Promise<void> {
  await runBatch(runner, [
    raw('DELETE FROM channel_positions WHERE period = ?', period),
    ...RANKING_METRIC_KEYS.map((metric) => insertSql(period, metric)),
  ]);
}

/** The statements for a period as one text, for a migration's or a bench's backfill. */
export function positionsBackfillSql(period: string): Fragment {
  return join(
    RANKING_METRIC_KEYS.map((metric) => insertSql(period, metric)),
    ';\n',
  );
}
