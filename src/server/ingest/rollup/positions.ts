// channel_positions: every channel's overall position per period and ranking metric, with its position
// in the period before, so a ranking page of any metric at any depth is a primary-key range.
import { RANKING_METRIC_KEYS } from '../../../lib/public/ranking-metrics';
import { currentFiguresSql, previousFiguresSql } from '../../public/rankings/figures';
import { rankingOrderSql } from '../../public/rankings/metric-sql';
import { join, raw, sql, type Fragment } from '../../db/sql';
import { runBatch, type Runner } from './runner';

/** One metric's positions in the period and the period before, over every channel with figures. */
function insertSql(period: string, metric: (typeof RANKING_METRIC_KEYS)[number]): Fragment {
  const ranked = (figures: Fragment) =>
    sql`SELECT f.channel_id, ROW_NUMBER() OVER (ORDER BY ${raw(rankingOrderSql('f', 'channel_id'))}) AS position FROM (${figures}) AS f`;
  return sql`INSERT INTO channel_positions (period, metric, position, channel_id, previous_position)
WITH cur AS MATERIALIZED (${ranked(currentFiguresSql(period, [], metric))}),
prev AS MATERIALIZED (${ranked(previousFiguresSql(period, [], metric))})
SELECT ${period}, ${metric}, cur.position, cur.channel_id, prev.position
FROM cur LEFT JOIN prev ON prev.channel_id = cur.channel_id`;
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
