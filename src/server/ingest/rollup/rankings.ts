// channel_rankings: positions by subscribers per period and scope, with the previous period's positions.
import type { PeriodSources } from './period-sources';
import { runBatch, type Runner } from './runner';
import { raw } from '../../db/sql';

/** Positions stored per list (the channel page's rank labels; a channel further down has none). */
export const RANKING_DEPTH = 1000;

export const SCOPES = ['overall', 'category', 'language', 'country'] as const;
export type Scope = (typeof SCOPES)[number];

// The scope_key of a channel's figures row (aliased f) per scope; NULL keeps it out of that scope's lists.
const SCOPE_KEYS: Record<Scope, string> = {
  overall: "''",
  category: 'CAST(f.category_id AS TEXT)',
  language: 'f.language_code',
  country: 'f.country_code',
};

/** The figures with the channel's scope columns, computed once for the four scopes. */
function withScopesSql(source: string): string {
  return `SELECT f.channel_id, f.subscriber_count, f.monthly_views, c.category_id, c.language_code, c.country_code
  FROM (${source}) AS f JOIN channels AS c ON c.id = f.channel_id`;
}

/** Every channel's position in each list it belongs to: subscribers, then monthly views, then id. */
function positionsSql(figures: string): string {
  return SCOPES.map(
    (scope) => `SELECT f.channel_id, '${scope}' AS scope, ${SCOPE_KEYS[scope]} AS scope_key,
    ROW_NUMBER() OVER (PARTITION BY ${SCOPE_KEYS[scope]} ORDER BY f.subscriber_count DESC, f.monthly_views DESC, f.channel_id) AS position
  FROM ${figures} AS f WHERE ${SCOPE_KEYS[scope]} IS NOT NULL`,
  ).join('\n  UNION ALL\n  ');
}

/**
 * Replaces every list of the period in one batch (readers see the old lists or the new ones). The
 * windows run over every tracked channel; only the first RANKING_DEPTH positions are stored.
 */
export async function refreshRankings(runner: Runner, sources: PeriodSources): Promise<void> {
  const insert = `INSERT INTO channel_rankings (period, scope, scope_key, position, channel_id, previous_position)
WITH cur_figures AS MATERIALIZED (${withScopesSql(sources.current)}),
prev_figures AS MATERIALIZED (${withScopesSql(sources.previous)}),
cur AS (${positionsSql('cur_figures')}),
prev AS (${positionsSql('prev_figures')})
SELECT ?1, cur.scope, cur.scope_key, cur.position, cur.channel_id, prev.position
FROM cur LEFT JOIN prev ON prev.channel_id = cur.channel_id AND prev.scope = cur.scope
WHERE cur.position <= ${RANKING_DEPTH}
ORDER BY cur.scope, cur.scope_key, cur.position`;
  await runBatch(runner, [raw('DELETE FROM channel_rankings WHERE period = ?1', sources.period), raw(insert, ...sources.params)]);
}
