// The copies a request may see: the session user's channels (scopeCte), narrowed by channels, titles and found days.
import type { SessionUser } from '../../auth/session-user';
import { and, type Fragment, raw, sql } from '../../db/sql';
import { type Scope, scopeCte, scopeFor } from '../../stats/filters';
import { type StatsDb, statsDbFor } from '../../stats/stores';
import type { PartnerStoreEnv } from '../../partner-store';
import { checkDateBounds } from '../../stats/schema';
import { todayUtc } from '../../../lib/dates/time';
import type { IllegalFiltersBody } from '../../../lib/api/illegal';

/** A range of found days, both included. */
export interface FoundRange {
  from: string;
  to: string;
}

/** The scope and filters of one illegal copies request, ready to compile. */
export interface CopiesFilter {
  /** `WITH scope(channel_id) AS (…)`: the user's channels, narrowed to the requested ones. */
  cte: Fragment;
  titles: number[] | null;
  /** The scope the CTE was made from: copiesOnStores() resolves it where partner data is split. */
  scope: Scope;
}

/**
 * The copies filter for the session user: channels the user cannot see match nothing, and a titles
 * filter is dropped for users without show_title (scopeFor). Dates past today + 2 are a 400.
 * @example const filter = copiesFilter(c.var.user, body)
 */
export function copiesFilter(user: SessionUser, body: IllegalFiltersBody, today: string = todayUtc()): CopiesFilter {
  checkDateBounds({ date_from: body.date_from, date_to: body.date_to }, today);
  const scope = scopeFor(user, { channels: body.channels, titles: body.titles });
  return { cte: scopeCte(scope), titles: scope.filters.titles ?? null, scope };
}

/**
 * Where the filter's copies are read (the network stores when partner data is split, statsDbFor) and
 * the filter as those stores must see it.
 * @example const [db, filter] = await copiesOnStores(c.env, copiesFilter(c.var.user, body))
 */
export async function copiesOnStores(env: PartnerStoreEnv, filter: CopiesFilter): Promise<[StatsDb, CopiesFilter]> {
  const { db, scope } = await statsDbFor(env, filter.scope);
  return [db, { ...filter, cte: scopeCte(scope), scope }];
}

/**
 * `FROM illegal_copies ic JOIN channels c … LEFT JOIN titles t … LEFT JOIN countries k … LEFT JOIN videos rv … WHERE …`:
 * the copies of the scope's channels, of the asked titles, found in the range (none: every day). `rv` is the
 * copied partner video while the catalogue holds it as a video of the copy's channel (in scope with it).
 */
export function copiesFrom(filter: CopiesFilter, range: FoundRange | null): Fragment {
  const conditions = [raw('ic.channel_id IN (SELECT channel_id FROM scope)')];
  if (filter.titles) conditions.push(sql`ic.title_id IN (SELECT value FROM json_each(${JSON.stringify(filter.titles)}))`);
  if (range) conditions.push(sql`ic.detected_on BETWEEN ${range.from} AND ${range.to}`);
  return sql`FROM ${raw(COPIES)} ic JOIN channels c ON c.id = ic.channel_id LEFT JOIN titles t ON t.id = ic.title_id
    LEFT JOIN countries k ON k.code2 = ic.country_code
    LEFT JOIN videos rv ON rv.video_id = ic.reference_video_id AND rv.channel_id = ic.channel_id WHERE ${and(conditions)}`;
}

// A copy's figures are those of its network's UGC channel (never another network's rows for the same
// upload), summed over days by migration 0022's triggers.
const UGC_OF_COPY =
  '(SELECT u.id FROM channels o JOIN channels u ON u.network_id = o.network_id AND u.is_ugc = 1 WHERE o.id = x.channel_id)';
const TOTALS = `FROM copy_totals d WHERE d.video_id = x.video_id AND d.channel_id = ${UGC_OF_COPY}`;
const COUNTRIES = `FROM copy_country_totals d WHERE d.video_id = x.video_id AND d.channel_id = ${UGC_OF_COPY}`;

/**
 * The copies with their figures: views, claimed earnings and main country (most views) from the daily
 * reports' thirdParty rows when they have any, else as stored (the claims report's views; seeded
 * figures). A blocked copy earns nothing. SQLite flattens this, so only the figures a query uses are
 * computed, and only for the rows it reads.
 */
const COPIES = `(SELECT x.id, x.video_id, x.video_title, x.uploader_youtube_id, x.uploader_title, x.channel_id, x.title_id,
  x.reference_video_id, x.claim_status, x.detected_on,
  coalesce((SELECT nullif(d.views, 0) ${TOTALS}), x.views) AS views,
  CASE WHEN x.claim_status = 'blocked' THEN 0 ELSE coalesce((SELECT d.partner_revenue_micros ${TOTALS}), x.earnings_micros) END AS earnings_micros,
  coalesce((SELECT d.country_code ${COUNTRIES} ORDER BY d.views DESC, d.partner_revenue_micros DESC, d.country_code LIMIT 1),
    x.country_code) AS country_code
FROM illegal_copies x)`;

/** The key and name of a partner channel's or title's copies (copiesFrom's aliases): table groups and chart lines. */
export const COPY_GROUP_KEYS = {
  channel: { key: "coalesce(c.youtube_id, 'ugc')", name: 'c.title' },
  title: { key: "coalesce(CAST(ic.title_id AS TEXT), 'none')", name: "coalesce(t.title, 'No title')" },
} as const;

/** The range a body asks for, or null (every found day). */
export const bodyRange = (body: IllegalFiltersBody): FoundRange | null =>
  body.date_from && body.date_to ? { from: body.date_from, to: body.date_to } : null;

/** Sums of a copies selection: count, blocked count, views, earnings (micro-USD). */
export const TOTALS_SQL = `count(*) AS copies, coalesce(sum(ic.claim_status = 'blocked'), 0) AS blocked,
  coalesce(sum(ic.views), 0) AS views, coalesce(sum(ic.earnings_micros), 0) AS earnings_micros`;

/** The row TOTALS_SQL selects. */
export interface TotalsRow {
  copies: number;
  blocked: number;
  views: number;
  earnings_micros: number;
}
