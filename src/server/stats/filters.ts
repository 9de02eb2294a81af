// The filter compiler: the signed-in user's channel scope and the request's filters as SQL with bound values.
import type { SessionUser } from '../auth/session-user';
import { and, type Fragment, join, JsonList, raw, sql } from '../db/sql';
import { badRequest } from '../http/errors';
import { DIMENSIONS, type DimensionName } from './dimensions';
import type { Grain } from './source';

export type VideoType = 'full' | 'short' | 'live';

/** Filters of a stats request, already validated (see schema.ts). */
export interface StatFilters {
  /** YouTube channel ids, or 'ugc' for the UGC pseudo-channel. */
  channels?: string[];
  titles?: number[];
  countries?: string[];
  typeVideo?: VideoType;
}

const scopeBrand: unique symbol = Symbol('scope');

/**
 * Whose channels a query may read, and which of them the request narrowed it to. Only forUser()
 * makes one, so no stats SQL can be compiled without the session user's id.
 */
export interface Scope {
  readonly [scopeBrand]: true;
  readonly userId: number;
  readonly filters: StatFilters;
  /** Leave out the in-house channel (the subscribers breakdown). */
  readonly excludeInhouse: boolean;
  /** Leave out the UGC channels (the subscribers details: UGC has no subscribers of its own to rank). */
  readonly excludeUgc?: boolean;
  /**
   * The channels above, already resolved from the grants in the shared D1 (resolveScope). Set when the
   * statements run where the grants are not: a network's store (docs/partner-store.md).
   */
  readonly channelIds?: readonly number[];
}

/**
 * The scope of a signed-in user; a titles filter is dropped for users without show_title.
 * @example const scope = scopeFor(c.var.user, { channels: body.channels })
 */
export function scopeFor(user: SessionUser, filters: StatFilters, options: { excludeInhouse?: boolean; excludeUgc?: boolean } = {}): Scope {
  const clean: StatFilters = { ...filters };
  if (!user.showTitle || !clean.titles?.length) delete clean.titles;
  if (!clean.channels?.length) delete clean.channels;
  if (!clean.countries?.length) delete clean.countries;
  return {
    [scopeBrand]: true,
    userId: user.id,
    filters: clean,
    excludeInhouse: options.excludeInhouse ?? false,
    excludeUgc: options.excludeUgc ?? false,
  };
}

/**
 * A resolved scope's channel ids as its statements bind them. Its own class so that a handle over
 * several network stores finds it by what it is, not by its text, and binds each store its own part
 * (stores.ts); one database binds it whole.
 */
export class ScopeChannels extends JsonList {}

/**
 * `WITH scope(channel_id) AS (...)`: the channels the user may see (user_channels, which applies the
 * in-house limit), narrowed to the requested ones. Requested channels the user may not see simply
 * match nothing. Every stats statement starts with this.
 */
export function scopeCte(scope: Scope): Fragment {
  if (scope.channelIds) return sql`WITH scope(channel_id) AS (SELECT value FROM json_each(${new ScopeChannels(scope.channelIds)}))`;
  const conditions = [sql`u.user_id = ${scope.userId}`];
  if (scope.filters.channels) {
    conditions.push(sql`coalesce(c.youtube_id, 'ugc') IN (SELECT value FROM json_each(${JSON.stringify(scope.filters.channels)}))`);
  }
  if (scope.excludeInhouse) conditions.push(raw('c.is_inhouse = 0'));
  if (scope.excludeUgc) conditions.push(raw('c.is_ugc = 0'));
  return sql`WITH scope(channel_id) AS (SELECT u.channel_id FROM user_channels u JOIN channels c ON c.id = u.channel_id
    WHERE ${join(conditions, ' AND ')})`;
}

/** Some channels, titles or countries of the scope only: a breakdown's series of its top rows. */
export interface OnlyKeys {
  dimension: Exclude<DimensionName, 'time'>;
  ids: Array<number | string>;
}

/**
 * `channel_id IN scope` plus the title, video type and country conditions a grain can apply, and the
 * keys a series is limited to. Channels are named inside the scope's condition, so they are chosen before
 * their rows are read: as a second condition on each row, every scope channel's rows were read to keep
 * ten channels' (a lifetime by day on the large seed: 60 ms of SQL against 12 ms).
 */
export function factConditions(scope: Scope, grain: Grain, only?: OnlyKeys): Fragment {
  const ids = only ? JSON.stringify(only.ids) : null;
  const parts = [
    only?.dimension === 'channel'
      ? sql`channel_id IN (SELECT value FROM json_each(${ids}) WHERE value IN (SELECT channel_id FROM scope))`
      : raw('channel_id IN (SELECT channel_id FROM scope)'),
  ];
  if (only && only.dimension !== 'channel')
    parts.push(sql`${raw(DIMENSIONS[only.dimension].alias)} IN (SELECT value FROM json_each(${ids}))`);
  const { titles, typeVideo, countries } = scope.filters;
  const byTitle = grain === 'title' || grain === 'title_country';
  if (byTitle && titles) parts.push(sql`title_id IN (SELECT value FROM json_each(${JSON.stringify(titles)}))`);
  if (byTitle && typeVideo) parts.push(sql`video_type = ${typeVideo}`);
  if (grain === 'country' && countries) parts.push(sql`country_code IN (SELECT value FROM json_each(${JSON.stringify(countries)}))`);
  return and(parts);
}

/**
 * The grain that can answer the filters (and a grouping that needs one): titles and video type live
 * on the title grain, countries on the country grain; schema.ts refuses filtering by both. Figures
 * by country under a titles filter come from the title x country grain (views only).
 */
export function grainFor(filters: StatFilters, needed: Grain | null = null): Grain {
  const wanted: Grain | null = filters.titles || filters.typeVideo ? 'title' : filters.countries ? 'country' : null;
  if (needed === 'country' && wanted === 'title') return 'title_country';
  if (needed && wanted && needed !== wanted) {
    const field = wanted === 'title' ? (filters.titles ? 'titles' : 'type_video') : 'countries';
    throw badRequest(
      `${field}: cannot be applied to figures ${needed === 'country' ? 'by country' : 'by title'}; no stored grain holds both.`,
    );
  }
  return needed ?? wanted ?? 'channel';
}

/** Grains that hold only some fact columns (migration 0016): the title x country grain has views alone. */
const GRAIN_COLUMNS: Partial<Record<Grain, readonly string[]>> = { title_country: ['views'] };

/** Reach (thumbnail impressions and their clicks) has no country dimension (migration 0008). */
const REACH_COLUMNS: readonly string[] = ['impressions', 'impression_clicks'];

/**
 * Throws a 400 naming the filter that sent a query to a grain without the columns (or the money) it
 * needs: figures by country under a titles or video type filter are views only, and reach is not
 * reported by country.
 * @example checkGrainColumns({ titles: [3] }, 'title_country', ['views'], false) // fine
 */
export function checkGrainColumns(filters: StatFilters, grain: Grain, columns: readonly string[], money: boolean): void {
  if (grain === 'country' && columns.some((c) => REACH_COLUMNS.includes(c))) {
    const field = filters.countries ? 'countries' : 'dimension';
    throw badRequest(`${field}: impressions and their clicks are not reported by country; leave out the countries or the reach figures.`);
  }
  const held = GRAIN_COLUMNS[grain];
  if (!held || (!money && columns.every((c) => held.includes(c)))) return;
  const field = filters.titles ? 'titles' : 'type_video';
  throw badRequest(`${field}: figures by country under this filter are views only; choose views or leave out the filter.`);
}
