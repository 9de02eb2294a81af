// Each title, country and video month's share of its channel's finance statement, stored when the rollups refill it.
import { ALLOCATED } from '../../stats/earnings';
import type { FactGrain } from './fact-metrics';

// ?1 is a JSON array of [channel_id, 'YYYY-MM'] pairs.
const BUCKETS = 'SELECT value ->> 0 AS channel_id, value ->> 1 AS month FROM json_each(?1)';

/**
 * Sets statement_share_micros on the rows of the buckets of ?1: the spread the stats engine computes
 * at query time (earnings.ts ALLOCATED: the running cut over the month's rows in key order, the weight
 * total the channel's month estimate), NULL where the channel has no statement that month or no positive
 * estimate. Rows whose share is unchanged are left alone, so the yearly triggers run only for changes.
 * Migrations 0020 (titles, countries) and 0048 (videos) hold the same statement for one month in the triggers
 * that follow statement changes.
 * @example runBatch(runner, [raw(statementSharesSql(grain), JSON.stringify([[7, '2026-10']]))])
 */
export function statementSharesSql(grain: FactGrain): string {
  const keys = grain.keys.join(', ');
  const match = ['channel_id', 'month', ...grain.keys].map((k) => `${grain.monthly}.${k} = s.${k}`).join(' AND ');
  return `UPDATE ${grain.monthly} SET statement_share_micros = s.share
FROM (SELECT x.channel_id, x.month, ${grain.keys.map((k) => `x.${k}`).join(', ')},
    CASE WHEN basis_finance IS NULL THEN NULL ELSE ${ALLOCATED} END AS share
  FROM (SELECT channel_id, month, ${keys}, partner_revenue_micros,
      sum(partner_revenue_micros) OVER (PARTITION BY channel_id, month ORDER BY ${keys} ROWS UNBOUNDED PRECEDING) AS revenue_running
    FROM ${grain.monthly} WHERE (channel_id, month) IN (${BUCKETS})) x
  LEFT JOIN (SELECT channel_id, month, statement_micros AS basis_finance, partner_revenue_micros AS basis_estimate
    FROM channel_monthly WHERE statement_micros IS NOT NULL AND partner_revenue_micros > 0) bm
    ON bm.channel_id = x.channel_id AND bm.month = x.month) s
WHERE ${match} AND ${grain.monthly}.statement_share_micros IS NOT s.share`;
}
