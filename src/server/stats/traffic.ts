// POST /api/stat/traffic: views, engaged views and watch time by traffic source, with the comparison period.
import { type Fragment, join, raw, sql } from '../db/sql';
import { factConditions, type Scope, scopeCte } from './filters';
import { coverRange } from './cover';
import { percentOf } from './location';
import type { DayRange } from './query';
import type { StatRequest } from './request';
import { type StatRow } from './runner';
import type { StatsDb } from './stores';
import type { TrafficAnswer, TrafficSource, TrafficTotals } from '../../lib/api/traffic';
import { trafficSourceName } from '../../lib/traffic/source-types';

/**
 * The rows of the range by source: whole months from the monthly rollup, edge days from the days
 * (coverRange, no yearly totals); under a titles or video type filter, the title grain narrowed to them.
 * Traffic has no country: a countries filter is not applied (the answer says so).
 */
export function trafficStatement(scope: Scope, range: DayRange, horizon: string): Fragment {
  const byTitle = Boolean(scope.filters.titles || scope.filters.typeVideo);
  const conditions = factConditions(scope, byTitle ? 'title' : 'channel');
  const parts = coverRange(range.from, range.to, { yearly: false, subtract: true, horizon }).map((part) => {
    if (part.source === 'yearly') throw new Error('Traffic has no yearly totals.');
    const table = raw(`channel${byTitle ? '_title' : ''}_traffic_${part.source}`);
    const key = raw(part.source === 'daily' ? 'day' : 'month');
    const sign = raw(part.sign === 1 ? '' : '-');
    return sql`SELECT source_type, ${sign}views AS views, ${sign}engaged_views AS engaged_views, ${sign}watch_time_minutes AS watch_time_minutes
      FROM ${table} WHERE ${conditions} AND ${key} BETWEEN ${part.from} AND ${part.to}`;
  });
  return sql`${scopeCte(scope)}
    SELECT source_type, sum(views) AS views, sum(engaged_views) AS engaged_views, sum(watch_time_minutes) AS watch_time_minutes
    FROM (${join(parts, ' UNION ALL ')}) GROUP BY source_type`;
}

const totalsOf = (rows: readonly StatRow[]): TrafficTotals => ({
  views: rows.reduce((sum, r) => sum + Number(r.views), 0),
  engaged_views: rows.reduce((sum, r) => sum + Number(r.engaged_views), 0),
  watch_time_minutes: rows.reduce((sum, r) => sum + Number(r.watch_time_minutes), 0),
});

/**
 * Every source with views in the range or the comparison, by views (most first), its share of the
 * range's views (2 decimals) and its views in the comparison period.
 * @example await getTraffic(env.DB, request)
 */
export async function getTraffic(db: StatsDb, req: StatRequest): Promise<TrafficAnswer> {
  const { scope, compare } = req;
  const statements = [trafficStatement(scope, req.sumRange, req.today), ...(compare ? [trafficStatement(scope, compare, req.today)] : [])];
  const [main = [], before] = await db.read(statements);
  const total = totalsOf(main);
  const now = new Map(main.map((r) => [Number(r.source_type), r]));
  const then = new Map((before ?? []).map((r) => [Number(r.source_type), Number(r.views)]));
  const codes = [...new Set([...now.keys(), ...then.keys()])];
  const sources = codes
    .map((code): TrafficSource => {
      const row = now.get(code);
      const views = Number(row?.views ?? 0);
      return {
        source_type: code,
        name: trafficSourceName(code),
        views,
        engaged_views: Number(row?.engaged_views ?? 0),
        watch_time_minutes: Number(row?.watch_time_minutes ?? 0),
        share: percentOf(views, total.views),
        compare_views: before ? (then.get(code) ?? 0) : null,
      };
    })
    .filter((s) => s.views !== 0 || (s.compare_views ?? 0) !== 0)
    .sort((a, b) => b.views - a.views || a.source_type - b.source_type);
  return {
    sources,
    ...total,
    compare: before ? totalsOf(before) : null,
    not_filtered_by: scope.filters.countries ? ['countries'] : [],
  };
}
