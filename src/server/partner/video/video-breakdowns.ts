// One video's views by country, audience (age × gender) and traffic source over a period (migration 0047).
import { AGE_BUCKETS, type AgeBucket } from '../../../lib/api/stats';
import type { VideoAudienceRow, VideoCountry, VideoTrafficSource } from '../../../lib/api/video';
import { trafficSourceName } from '../../../lib/traffic/source-types';
import { type Fragment, join, raw, sql } from '../../db/sql';
import { scopeCte } from '../../stats/filters';
import { percentOf } from '../../stats/location';
import type { StatRow } from '../../stats/runner';
import type { RangeParts } from '../../stats/source';
import { catalogue, type Statement } from '../../stats/statements';
import type { VideoTarget } from './video-figures';

/** Countries the page lists by name; the rest are one "Other countries" figure. */
export const VIDEO_TOP_COUNTRIES = 10;

/**
 * `keys` and the sums of `values` of one video grain over the period: its monthly rows for the whole
 * months, its daily rows for the days outside them (the tables' by-video indexes: one range each).
 */
function coveredSums(grain: string, keys: readonly string[], values: readonly string[], target: VideoTarget, parts: RangeParts): Fragment {
  const cond = sql`channel_id IN (SELECT channel_id FROM scope) AND video_id = ${target.videoId}`;
  const select = raw([...keys, ...values].join(', '));
  const branches: Fragment[] = [];
  // The table names are this module's constants, never input.
  if (parts.months) {
    branches.push(
      sql`SELECT ${select} FROM ${raw(`${grain}_monthly`)} WHERE ${cond} AND month BETWEEN ${parts.months.from} AND ${parts.months.to}`,
    );
  }
  if (parts.days.length > 0) {
    const days = join(
      parts.days.map((s) => sql`day BETWEEN ${s.from} AND ${s.to}`),
      ' OR ',
    );
    branches.push(sql`SELECT ${select} FROM ${raw(`${grain}_daily`)} WHERE ${cond} AND (${days})`);
  }
  const sums = raw(values.map((v) => `sum(${v}) AS ${v}`).join(', '));
  const keyList = raw(keys.join(', '));
  return sql`${scopeCte(target.scope)} SELECT ${keyList}, ${sums} FROM (${join(branches, ' UNION ALL ')}) GROUP BY ${keyList}`;
}

/** The statements of the three breakdowns and the country names, in the order readBreakdowns takes their rows. */
export function breakdownStatements(target: VideoTarget, parts: RangeParts): Statement[] {
  return [
    coveredSums('video_country', ['country_code'], ['views'], target, parts),
    coveredSums('video_audience', ['age_group', 'gender'], ['views'], target, parts),
    coveredSums('video_traffic', ['source_type'], ['views', 'watch_time_minutes'], target, parts),
    catalogue(raw('SELECT code2, name FROM countries')),
  ];
}

export interface VideoBreakdowns {
  countries: VideoCountry[];
  other_countries_views: number;
  audience_views: number;
  audience: VideoAudienceRow[];
  traffic: VideoTrafficSource[];
}

function countriesOf(rows: readonly StatRow[], names: readonly StatRow[]): Pick<VideoBreakdowns, 'countries' | 'other_countries_views'> {
  const name = new Map(names.map((n) => [String(n.code2), String(n.name)]));
  const all = rows
    .map((r) => ({ code: String(r.country_code), views: Number(r.views) }))
    .filter((r) => r.views > 0)
    .sort((a, b) => b.views - a.views || (a.code < b.code ? -1 : 1));
  const total = all.reduce((sum, r) => sum + r.views, 0);
  const top = all.slice(0, VIDEO_TOP_COUNTRIES);
  return {
    countries: top.map((r) => ({
      country_code: r.code,
      country_name: name.get(r.code) ?? r.code,
      views: r.views,
      share: percentOf(r.views, total),
    })),
    other_countries_views: all.slice(VIDEO_TOP_COUNTRIES).reduce((sum, r) => sum + r.views, 0),
  };
}

/**
 * The age × gender grid as shares of its views. Days hold fractional views (the report's percentages
 * weighted by the basic report's views), months rounded sums: the cells are summed, then each share
 * is taken of the grid's total, as the dashboard's Demography card does.
 */
function audienceOf(rows: readonly StatRow[]): Pick<VideoBreakdowns, 'audience' | 'audience_views'> {
  const cell = new Map(rows.map((r) => [`${String(r.age_group)}|${String(r.gender)}`, Number(r.views)]));
  const total = [...cell.values()].reduce((sum, v) => sum + v, 0);
  const share = (age: AgeBucket, gender: string) => percentOf(cell.get(`${age}|${gender}`) ?? 0, total);
  return {
    audience_views: Math.round(total),
    audience:
      total > 0
        ? AGE_BUCKETS.map((age) => ({
            age_group: age,
            male: share(age, 'male'),
            female: share(age, 'female'),
            user_specified: share(age, 'user_specified'),
          }))
        : [],
  };
}

function trafficOf(rows: readonly StatRow[]): VideoTrafficSource[] {
  const total = rows.reduce((sum, r) => sum + Number(r.views), 0);
  return rows
    .map((r) => ({
      source_type: Number(r.source_type),
      name: trafficSourceName(Number(r.source_type)),
      views: Number(r.views),
      watch_time_minutes: Number(r.watch_time_minutes),
      share: percentOf(Number(r.views), total),
    }))
    .filter((s) => s.views > 0)
    .sort((a, b) => b.views - a.views || a.source_type - b.source_type);
}

/** The breakdowns from the rows of breakdownStatements, in its order. */
export function readBreakdowns([countries = [], audience = [], traffic = [], names = []]: readonly StatRow[][]): VideoBreakdowns {
  return { ...countriesOf(countries, names), ...audienceOf(audience), traffic: trafficOf(traffic) };
}
